import Foundation
import Testing
@testable import __APP_NAME__

/// Automatic Picture in Picture as the app leaves: the system reports the scene in the
/// background and Picture in Picture starting in either order, and the layer it needs must be
/// on the player whichever comes first. If Picture in Picture then fails, or stops while the
/// app is still in the background, the player comes off its layer so the sound goes on.
@Test("Player: automatic Picture in Picture, either order")
func pictureInPictureOrderChecks() {
    func playing() -> (PlayerSession, StandInEngine) {
        var session: PlayerSession = PlayerSession(catalog: TestCatalog.catalog, resources: TestCatalog.resources, store: MemoryResumeStore())
        let engine: StandInEngine = StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths)
        session.open("a-1", on: engine)
        session.present()
        session.pictureInPicture.isPossible = true
        run(&session, engine, for: 2)
        return (session, engine)
    }

    var (session, engine) = playing()
    session.isPictureInPictureActive = true
    session.sceneDidEnterBackground(on: engine)
    #expect(engine.isLayerAttached && session.isLayerAttached, "Picture in Picture first, then the background: the layer stays")

    (session, engine) = playing()
    session.sceneDidEnterBackground(on: engine)
    session.isPictureInPictureActive = true
    #expect(engine.isLayerAttached && session.isLayerAttached, "the background first, then Picture in Picture: the layer stays for it")

    (session, engine) = playing()
    session.sceneDidEnterBackground(on: engine)
    session.pictureInPictureEnded(on: engine)
    #expect(!engine.isLayerAttached && !session.isLayerAttached && engine.isPlaying,
            "Picture in Picture fails or stops in the background: the player comes off its layer and plays on")

    (session, engine) = playing()
    session.pictureInPicture.isPossible = false
    session.sceneDidEnterBackground(on: engine)
    #expect(!engine.isLayerAttached, "no Picture in Picture possible: the player comes off its layer at once")
}
