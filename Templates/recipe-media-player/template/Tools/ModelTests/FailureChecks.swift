import Foundation

/// An episode that cannot be played, an episode without a picture, and Picture in Picture's
/// two rules (start only when possible; answer a restore only once the player shows).
func failureChecks(_ c: Checker) {
    func make() -> (PlayerSession, StandInEngine) {
        let session: PlayerSession = PlayerSession(catalog: TestCatalog.catalog, resources: TestCatalog.resources, store: MemoryResumeStore())
        return (session, StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths))
    }

    c.begin("Player: an episode that fails to play")
    var (session, engine) = make()
    session.open("a-1", on: engine)
    run(&session, engine, for: 2)
    engine.clearLog()
    session.itemDidFail(on: engine)
    c.check("the session stops and says so", session.phase == .failed && !session.isPlaying && session.failure?.episodeID == "a-1")
    c.equal("the engine is told to pause", engine.log, ["pause"])
    c.equal("Try Again will start where it stopped", session.failure?.time, 2)
    c.equal("the marker says failed=1", MarkerText.fields(PlayerMarker.player(session.snapshot(surfaces: 1)))["failed"], "1")
    c.check("the artwork shows instead of black", session.showsArtwork)
    c.check("a bundled file's message names the file, not the connection", session.failure.map { !$0.isStreamed && $0.message.contains("file") } == true)
    session.timeDidChange(to: 9)
    session.playbackDidChange(isPlaying: true, at: 9)
    session.itemDidEnd(on: engine)
    c.check("reports from the failed item change nothing", session.phase == .failed && session.time == 2 && session.current?.id == "a-1")
    session.seek(to: 8, on: engine)
    c.check("nor does a seek on it", session.time == 2 && session.upNext == .hidden)
    engine.clearLog()
    session.itemDidFail(on: engine)
    c.check("a second report of the same failure orders nothing", engine.log.isEmpty)
    session.togglePlay(on: engine)
    c.equal("Play tries again: a new item, from where it stopped, playing", engine.log, ["load a-1.mp4", "seek 0:02", "play"])
    c.check("and the failure is gone", session.failure == nil && session.isPlaying && !session.showsArtwork)

    c.begin("Player: moving on after a failure")
    (session, engine) = make()
    session.open("a-1", at: 9, on: engine)
    session.timeDidChange(to: 9)
    c.equal("inside the up next window", session.upNext, .counting)
    session.itemDidFail(on: engine)
    c.equal("a failure hides up next: nothing counts towards a next episode", session.upNext, .hidden)
    session.policy.autoplay = false
    session.policy.autoplay = true
    session.durationDidLoad(12)
    c.equal("and the autoplay switch or the real length don't bring it back", session.upNext, .hidden)
    c.equal("Play Next is offered: the show has a next episode", session.next?.id, "a-2")
    session.playNow(on: engine)
    c.check("Play Next plays it, and the failure is gone", session.current?.id == "a-2" && session.isPlaying && session.failure == nil)
    session.open("a-3", on: engine)
    session.itemDidFail(on: engine)
    c.check("the show's last episode offers no Play Next", session.next == nil && session.phase == .failed)
    session.stop(on: engine)
    c.check("the mini player's Stop empties a failed player too", session.failure == nil && session.phase == .idle)

    c.begin("Player: a streamed episode offline")
    (session, engine) = make()
    session.open("b-1", on: engine)
    session.itemDidFail(on: engine)
    c.check("the message points at the connection", session.failure.map { $0.isStreamed && $0.message.contains("connection") } == true, session.failure?.message ?? "no failure")

    c.begin("Player: an episode without a picture")
    c.check("an .m4a or .mp3 file is sound only; a movie or a playlist is not known to be", MediaSource.bundled(fileName: "talk.M4A").isAudioOnly
        && MediaSource.bundled(fileName: "talk.mp3").isAudioOnly && !MediaSource.bundled(fileName: "a-1.mp4").isAudioOnly
        && MediaSource.parse("https://example.com/b/1/index.m3u8").map(\.isAudioOnly) == .success(false))
    (session, engine) = make()
    session.open("b-2", on: engine)
    c.check("an audio episode shows its show's artwork from the start", session.showsArtwork && !session.hasPicture)
    session.pictureDidLoad(hasPicture: true)
    c.check("and keeps it, whatever the player says", session.showsArtwork)
    session.open("a-1", on: engine)
    c.check("a video episode shows its picture", !session.showsArtwork)
    session.pictureDidLoad(hasPicture: false)
    c.check("unless the player finds no video track in it", session.showsArtwork)
    session.open("a-2", on: engine)
    c.check("the next episode starts with a picture again", !session.showsArtwork)

    c.begin("Picture in Picture: start only when possible")
    var pip: PictureInPictureState = PictureInPictureState()
    c.equal("not possible yet: the button does nothing", pip.order, .none)
    c.check("and is disabled", !pip.canToggle)
    pip.isPossible = true
    c.equal("possible: the button starts it", pip.order, .start)
    pip.isActive = true
    c.equal("showing: the button stops it", pip.order, .stop)
    pip.isPossible = false
    c.check("a showing Picture in Picture can always be stopped", pip.order == .stop && pip.canToggle)
    (session, engine) = make()
    session.open("a-1", on: engine)
    session.pictureInPicture.isPossible = true
    c.equal("the marker says pipReady=1 when the button would start it", MarkerText.fields(PlayerMarker.player(session.snapshot(surfaces: 1)))["pipReady"], "1")

    c.begin("Picture in Picture: restoring the player")
    (session, engine) = make()
    session.open("a-1", on: engine)
    c.check("the player's surface reaches a window", !session.surfaceMoved(onScreen: true))
    c.equal("on screen, the restore is answered at once", session.pictureInPictureRestoreRequested(), .restoredNow)
    session.dismiss()
    c.check("closing the player takes the surface off screen", !session.surfaceMoved(onScreen: false))
    c.equal("closed, the answer waits for the player", session.pictureInPictureRestoreRequested(), .afterThePlayerShows)
    c.check("which is presented first", session.isPresented && session.pictureInPicture.restoreIsPending)
    c.check("the surface in a window finishes the restore", session.surfaceMoved(onScreen: true))
    c.check("once", !session.surfaceMoved(onScreen: true) && !session.pictureInPicture.restoreIsPending)
    session.stop(on: engine)
    c.equal("with nothing loaded there is nothing to restore", session.pictureInPictureRestoreRequested(), .nothingToRestore)
    c.check("and nothing is presented", !session.isPresented)
}
