import Foundation
import Testing
@testable import __APP_NAME__

/// An episode that cannot be played, an episode without a picture, and Picture in Picture's
/// two rules (start only when possible; answer a restore only once the player shows).
@Test("Player: an episode that fails to play")
func failureChecks() {
    func make() -> (PlayerSession, StandInEngine) {
        let session: PlayerSession = PlayerSession(catalog: TestCatalog.catalog, resources: TestCatalog.resources, store: MemoryResumeStore())
        return (session, StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths))
    }

    var (session, engine) = make()
    session.open("a-1", on: engine)
    run(&session, engine, for: 2)
    engine.clearLog()
    session.itemDidFail(on: engine)
    #expect(session.phase == .failed && !session.isPlaying && session.failure?.episodeID == "a-1", "the session stops and says so")
    #expect(engine.log == ["pause"], "the engine is told to pause")
    #expect(session.failure?.time == 2, "Try Again will start where it stopped")
    #expect(MarkerText.fields(PlayerMarker.player(session.snapshot(surfaces: 1)))["failed"] == "1", "the marker says failed=1")
    #expect(session.showsArtwork, "the artwork shows instead of black")
    #expect(session.failure.map { !$0.isStreamed && $0.message.contains("file") } == true, "a bundled file's message names the file, not the connection")
    session.timeDidChange(to: 9)
    session.playbackDidChange(isPlaying: true, at: 9)
    session.itemDidEnd(on: engine)
    #expect(session.phase == .failed && session.time == 2 && session.current?.id == "a-1", "reports from the failed item change nothing")
    session.seek(to: 8, on: engine)
    #expect(session.time == 2 && session.upNext == .hidden, "nor does a seek on it")
    engine.clearLog()
    session.itemDidFail(on: engine)
    #expect(engine.log.isEmpty, "a second report of the same failure orders nothing")
    session.togglePlay(on: engine)
    #expect(engine.log == ["load a-1.mp4", "seek 0:02", "play"], "Play tries again: a new item, from where it stopped, playing")
    #expect(session.failure == nil && session.isPlaying && !session.showsArtwork, "and the failure is gone")

    // Player: moving on after a failure
    (session, engine) = make()
    session.open("a-1", at: 9, on: engine)
    session.timeDidChange(to: 9)
    #expect(session.upNext == .counting, "inside the up next window")
    session.itemDidFail(on: engine)
    #expect(session.upNext == .hidden, "a failure hides up next: nothing counts towards a next episode")
    session.policy.autoplay = false
    session.policy.autoplay = true
    session.durationDidLoad(12)
    #expect(session.upNext == .hidden, "and the autoplay switch or the real length don't bring it back")
    #expect(session.next?.id == "a-2", "Play Next is offered: the show has a next episode")
    session.playNow(on: engine)
    #expect(session.current?.id == "a-2" && session.isPlaying && session.failure == nil, "Play Next plays it, and the failure is gone")
    session.open("a-3", on: engine)
    session.itemDidFail(on: engine)
    #expect(session.next == nil && session.phase == .failed, "the show's last episode offers no Play Next")
    session.stop(on: engine)
    #expect(session.failure == nil && session.phase == .idle, "the mini player's Stop empties a failed player too")

    // Player: a streamed episode offline
    (session, engine) = make()
    session.open("b-1", on: engine)
    session.itemDidFail(on: engine)
    #expect(session.failure.map { $0.isStreamed && $0.message.contains("connection") } == true, "the message points at the connection — \(session.failure?.message ?? "no failure")")

    // Player: an episode without a picture
    #expect(MediaSource.bundled(fileName: "talk.M4A").isAudioOnly
        && MediaSource.bundled(fileName: "talk.mp3").isAudioOnly && !MediaSource.bundled(fileName: "a-1.mp4").isAudioOnly
        && MediaSource.parse("https://example.com/b/1/index.m3u8").map(\.isAudioOnly) == .success(false), "an .m4a or .mp3 file is sound only; a movie or a playlist is not known to be")
    (session, engine) = make()
    session.open("b-2", on: engine)
    #expect(session.showsArtwork && !session.hasPicture, "an audio episode shows its show's artwork from the start")
    session.pictureDidLoad(hasPicture: true)
    #expect(session.showsArtwork, "and keeps it, whatever the player says")
    session.open("a-1", on: engine)
    #expect(!session.showsArtwork, "a video episode shows its picture")
    session.pictureDidLoad(hasPicture: false)
    #expect(session.showsArtwork, "unless the player finds no video track in it")
    session.open("a-2", on: engine)
    #expect(!session.showsArtwork, "the next episode starts with a picture again")

    // Picture in Picture: start only when possible
    var pip: PictureInPictureState = PictureInPictureState()
    #expect(pip.order == .none, "not possible yet: the button does nothing")
    #expect(!pip.canToggle, "and is disabled")
    pip.isPossible = true
    #expect(pip.order == .start, "possible: the button starts it")
    pip.isActive = true
    #expect(pip.order == .stop, "showing: the button stops it")
    pip.isPossible = false
    #expect(pip.order == .stop && pip.canToggle, "a showing Picture in Picture can always be stopped")
    (session, engine) = make()
    session.open("a-1", on: engine)
    session.pictureInPicture.isPossible = true
    #expect(MarkerText.fields(PlayerMarker.player(session.snapshot(surfaces: 1)))["pipReady"] == "1", "the marker says pipReady=1 when the button would start it")

    // Picture in Picture: restoring the player
    (session, engine) = make()
    session.open("a-1", on: engine)
    let moved1: Bool = session.surfaceMoved(onScreen: true)
    #expect(!moved1, "the player's surface reaches a window")
    #expect(session.pictureInPictureRestoreRequested() == .restoredNow, "on screen, the restore is answered at once")
    session.dismiss()
    let moved2: Bool = session.surfaceMoved(onScreen: false)
    #expect(!moved2, "closing the player takes the surface off screen")
    #expect(session.pictureInPictureRestoreRequested() == .afterThePlayerShows, "closed, the answer waits for the player")
    #expect(session.isPresented && session.pictureInPicture.restoreIsPending, "which is presented first")
    let moved3: Bool = session.surfaceMoved(onScreen: true)
    #expect(moved3, "the surface in a window finishes the restore")
    let moved4: Bool = session.surfaceMoved(onScreen: true)
    #expect(!moved4 && !session.pictureInPicture.restoreIsPending, "once")
    session.stop(on: engine)
    #expect(session.pictureInPictureRestoreRequested() == .nothingToRestore, "with nothing loaded there is nothing to restore")
    #expect(!session.isPresented, "and nothing is presented")
}
