import Foundation
import Testing
@testable import __APP_NAME__

/// The player's rules, run against the stand-in engine with a clock moved by hand.
@Test("Player: starting paused at a time (-play a-1 -paused -start 4)")
func sessionChecks() {
    let catalog: Catalog = TestCatalog.catalog
    func make(_ store: MemoryResumeStore = MemoryResumeStore(), policy: UpNextPolicy = UpNextPolicy(), loops: Bool = false) -> (PlayerSession, StandInEngine) {
        let session: PlayerSession = PlayerSession(catalog: catalog, resources: TestCatalog.resources, policy: policy, loops: loops, store: store)
        return (session, StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths))
    }
    func marker(_ session: PlayerSession) -> String {
        PlayerMarker.player(session.snapshot(surfaces: 1))
    }

    var (session, engine) = make()
    #expect(session.current == nil && session.phase == .idle && !session.showsMiniPlayer, "nothing loaded at first")
    #expect(session.open("a-1", at: 4, paused: true, on: engine) == true, "open finds the episode")
    #expect(engine.log == ["load a-1.mp4", "seek 0:04", "pause"], "the engine loads the file, seeks and stays paused")
    #expect(marker(session) == "item=a-1|playing=0|time=4|upNext=hidden|pip=0|surfaces=1|presented=1|failed=0|pipReady=0|", "the marker")
    engine.clock.advance(by: 3)
    session.timeDidChange(to: engine.currentTime)
    #expect(session.time == 4, "paused, time stands still")
    #expect(!session.keepsScreenAwake, "the screen may sleep while paused")

    // Player: up next counting
    session.play(on: engine)
    #expect(session.isPlaying && engine.isPlaying && session.keepsScreenAwake, "play plays, and the screen stays on")
    run(&session, engine, for: 1.75)
    #expect(session.upNext == .hidden, "before the window (6 s into 12), no card")
    run(&session, engine, for: 0.25)
    #expect(session.upNext == .counting, "at 6 s the card counts")
    #expect(session.upNextSecondsLeft == 6, "6 seconds to go")
    #expect(session.next?.id == "a-2", "it offers the next episode")
    run(&session, engine, for: 2)
    #expect(session.upNextSecondsLeft == 4, "2 seconds later, 4 to go")
    #expect(MarkerText.fields(marker(session))["upNext"] == "counting", "the marker says counting")
    engine.clearLog()
    run(&session, engine, for: 4.25)
    #expect(session.current?.id == "a-2", "at the end, the next episode starts by itself")
    #expect(engine.log == ["load a-2.mp4", "play"], "the engine loaded it and plays it")
    #expect(session.time < 0.5 && session.upNext == .hidden && session.isPlaying, "from its beginning, with the card gone")

    // Player: Cancel
    (session, engine) = make()
    session.open("a-2", at: 7, paused: false, on: engine)
    session.timeDidChange(to: 7)
    #expect(session.upNext == .counting, "inside the window at once")
    session.cancelUpNext()
    #expect(session.upNext == .cancelled, "Cancel hides the card")
    #expect(session.upNextSecondsLeft == nil, "nothing counts after Cancel")
    engine.clearLog()
    run(&session, engine, for: 5.25)
    #expect(session.current?.id == "a-2" && session.phase == .ended && !engine.log.contains { $0.hasPrefix("load") }, "playback stops at the end of the same episode")
    #expect(marker(session) == "item=a-2|playing=0|time=12|upNext=cancelled|pip=0|surfaces=1|presented=1|failed=0|pipReady=0|", "the marker at the end")
    session.play(on: engine)
    #expect(session.time == 0 && session.isPlaying && engine.currentTime == 0 && session.upNext == .hidden, "play after the end starts it again from the beginning")
    session.seek(to: 8, on: engine)
    session.cancelUpNext()
    session.seek(to: 3, on: engine)
    #expect(session.upNext == .hidden, "seeking back out of the window forgets the Cancel")
    session.seek(to: 9, on: engine)
    #expect(session.upNext == .counting, "and coming back shows the card again")

    // Player: Play Now
    engine.clearLog()
    session.playNow(on: engine)
    #expect(session.current?.id == "a-3" && session.isPlaying && engine.log == ["load a-3.mp4", "play"], "Play Now starts the next episode at once")
    session.seek(to: 10, on: engine)
    #expect(session.upNext == .hidden, "the show's last episode offers nothing")
    engine.clearLog()
    session.playNow(on: engine)
    #expect(session.current?.id == "a-3" && engine.log.isEmpty, "Play Now with nothing next does nothing")
    run(&session, engine, for: 2.25)
    #expect(session.phase == .ended && session.current?.id == "a-3", "the show's last episode stops at its end")

    // Player: autoplay off (-autoplay 0)
    (session, engine) = make(policy: UpNextPolicy(autoplay: false))
    session.open("a-1", at: 6, on: engine)
    #expect(session.upNext == .offered, "the card offers Play Now without counting")
    #expect(session.upNextSecondsLeft == nil, "no countdown")
    run(&session, engine, for: 6.25)
    #expect(session.phase == .ended && session.current?.id == "a-1" && session.upNext == .offered, "playback stops at the end; the card still offers the next episode")
    session.playNow(on: engine)
    #expect(session.current?.id == "a-2", "Play Now still moves on")
    session.seek(to: 8, on: engine)
    session.policy.autoplay = true
    #expect(session.upNext == .counting, "turning autoplay on turns an offer into a countdown")
    session.policy.lead = 2
    #expect(session.upNext == .hidden, "a shorter lead hides a card that is now early")

    // Player: loop (-loop)
    (session, engine) = make(loops: true)
    session.open("a-1", on: engine)
    run(&session, engine, for: 10)
    #expect(session.upNext == .hidden && session.next == nil, "no card while looping")
    run(&session, engine, for: 2.5)
    #expect(session.current?.id == "a-1" && session.isPlaying && engine.log.contains("seek 0:00"), "at the end it starts again: same episode, still playing")
    #expect(session.time > 0 && session.time < 1, "and time runs on from the beginning — time \(session.time)")
    session.loops = false
    session.seek(to: 7, on: engine)
    #expect(session.upNext == .counting, "turning the loop off brings the card back")

    // Player: resume points
    let store: MemoryResumeStore = MemoryResumeStore()
    (session, engine) = make(store)
    session.open("a-1", on: engine)
    run(&session, engine, for: 5.5)
    #expect(store.saved["a-1"] == 5, "while playing, the point is saved every 5 seconds")
    run(&session, engine, for: 1.5)
    session.pause(on: engine)
    #expect(store.saved["a-1"] == 7, "pausing saves it at once")
    #expect(store.saveCount <= 3, "a save per 5 seconds of playing, not per tick — \(store.saveCount) saves")
    var (later, laterEngine) = make(store)
    later.open("a-1", on: laterEngine)
    #expect(laterEngine.log == ["load a-1.mp4", "seek 0:07", "play"], "the next launch starts where it was left")
    (later, laterEngine) = make(store)
    later.open("a-1", at: 2, paused: true, on: laterEngine)
    #expect(later.time == 2, "-start wins over the resume point")
    let finishing: MemoryResumeStore = MemoryResumeStore(ResumePoints(seconds: ["a-1": 4]))
    (session, engine) = make(finishing, policy: UpNextPolicy(autoplay: false))
    session.open("a-1", on: engine)
    run(&session, engine, for: 8.25)
    #expect(finishing.saved["a-1"] == nil && session.phase == .ended, "playing to the end clears the point")
    session.open("a-2", at: 11.5, paused: true, on: engine)
    session.open("a-3", on: engine)
    #expect(finishing.saved["a-2"] == nil, "leaving an episode near its end saves no point")
    session.resetResumePoints()
    #expect(finishing.saved == ResumePoints() && session.resumePoints == ResumePoints(), "-resetState clears every point")

    // Player: background and Picture in Picture
    (session, engine) = make()
    session.open("a-1", on: engine)
    run(&session, engine, for: 2)
    session.sceneDidEnterBackground(on: engine)
    #expect(!engine.isLayerAttached && !session.isLayerAttached, "in the background the player comes off its layer")
    #expect(session.isPlaying && engine.isPlaying, "and the sound goes on")
    #expect(!session.keepsScreenAwake, "the screen may sleep in the background")
    session.sceneWillEnterForeground(on: engine)
    #expect(engine.isLayerAttached && session.isLayerAttached && session.keepsScreenAwake, "back in front, the player is on its layer again")
    session.isPictureInPictureActive = true
    engine.clearLog()
    session.sceneDidEnterBackground(on: engine)
    #expect(engine.isLayerAttached && !engine.log.contains("detach layer"), "with Picture in Picture, the layer stays (the floating window shows it)")
    #expect(MarkerText.fields(marker(session))["pip"] == "1", "the marker says pip=1")
    session.sceneWillEnterForeground(on: engine)
    #expect(engine.isLayerAttached && !engine.log.contains("attach layer"), "coming back changes nothing the layer needs")

    // Player: the mini player
    session.dismiss()
    #expect(session.showsMiniPlayer && session.isPlaying && !session.isPresented, "closing the player leaves the mini player, still playing")
    #expect(!session.keepsScreenAwake, "the screen may sleep under the mini player")
    #expect(MarkerText.fields(marker(session))["presented"] == "0", "the marker says presented=0")
    session.present()
    #expect(session.isPresented && session.current?.id == "a-1" && session.isPlaying, "tapping it brings the player back, same episode, still playing")
    engine.clearLog()
    session.open("a-1", on: engine)
    #expect(engine.log.isEmpty && session.isPlaying, "opening the playing episode again does not reload it")
    session.dismiss()
    run(&session, engine, for: 2)
    session.stop(on: engine)
    #expect(session.current == nil && session.phase == .idle && !session.showsMiniPlayer && engine.log.last == "unload", "the mini player's close empties the player")
    #expect(marker(session) == "item=none|playing=0|time=0|upNext=hidden|pip=1|surfaces=1|presented=0|failed=0|pipReady=0|", "and nothing is loaded")

    // Player: orders and reports
    (session, engine) = make()
    #expect(!session.open("zz", on: engine) && engine.log.isEmpty && session.current == nil, "an unknown episode opens nothing")
    session.open("a-1", at: 4, paused: true, on: engine)
    session.skip(by: PlayerSession.skipInterval, on: engine)
    #expect(session.time == 12, "skipping past the end stops at the end")
    session.skip(by: -100, on: engine)
    #expect(session.time == 0, "skipping before the start stops at the start")
    session.seek(to: .nan, on: engine)
    #expect(session.time == 0, "seeking to not-a-number goes to the start")
    session.timeDidChange(to: 40)
    #expect(session.time == 12, "a report past the end is held to the end")
    session.timeDidChange(to: .nan)
    #expect(session.time == 12, "a report that is not a time is ignored")
    session.seek(to: 3, on: engine)
    session.togglePlay(on: engine)
    #expect(session.isPlaying && engine.isPlaying, "the play button plays")
    session.togglePlay(on: engine)
    #expect(!session.isPlaying && !engine.isPlaying, "and pauses")
    session.playbackDidChange(isPlaying: true, at: 3)
    #expect(session.isPlaying && engine.log.last == "pause", "Picture in Picture's own play button is followed, not repeated")
    session.playbackDidChange(isPlaying: false, at: 5)
    #expect(session.phase == .paused && session.time == 5, "a pause from the system (a call, headphones out) is followed too")
    session.durationDidLoad(20)
    session.seek(to: 9, on: engine)
    #expect(session.duration == 20 && session.upNext == .hidden, "the player's real length replaces the catalogue's: at 9 s of 20, no card yet")
    session.open("b-1", on: engine)
    #expect(engine.log.last(where: { $0.hasPrefix("load") }) == "load index.m3u8", "a streamed episode loads its address")
    session.seek(to: 1795, on: engine)
    #expect(session.upNext == .counting && session.upNextSecondsLeft == 5, "a long episode's card comes 10 seconds before the end")
    var fresh: PlayerSession = make().0
    fresh.present()
    #expect(!fresh.isPresented, "there is no player to present before something is opened")
}

/// The real catalogue's first show with two episodes, played on the stand-in with the bundled
/// files' own lengths: the rules and the media agree.
@Test("Player: the bundled catalogue")
func realCatalogueSessionChecks() {
    let media: URL = mediaFolder
    guard let catalog = bundledCatalog, let show = catalog.shows.first(where: { $0.episodes.count >= 2 && $0.episodes.allSatisfy(\.media.isBundled) }) else {
        Issue.record("a show with two bundled episodes to play")
        return
    }
    let first: Episode = show.episodes[0]
    let second: Episode = show.episodes[1]
    var session: PlayerSession = PlayerSession(catalog: catalog, resources: media, store: MemoryResumeStore())
    let engine: StandInEngine = StandInEngine(clock: SteppedClock())
    session.open(first.id, on: engine)
    #expect(abs(engine.itemLength - first.duration) < 0.1, "the stand-in reads \(first.id)'s length from its file: \(TimeText.clock(first.duration)) — \(engine.itemLength) s")
    run(&session, engine, for: first.duration - 1)
    #expect(session.upNext == .counting, "the card counts near the end of \(first.id)")
    run(&session, engine, for: 1.25)
    #expect(session.current?.id == second.id, "\(second.id) follows \(first.id)")
    #expect(session.isPlaying && engine.loaded?.lastPathComponent == second.media.text, "and plays")
}

/// The session driven from the main actor through a main-actor engine, as in the app.
@Test("Player: a main-actor engine, as in the app")
func mainActorEngineChecks() {
    var session: PlayerSession = PlayerSession(catalog: TestCatalog.catalog, resources: TestCatalog.resources, store: MemoryResumeStore())
    let engine: MainActorEngine = MainActorEngine(StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths))
    session.open("a-1", at: 4, paused: false, on: engine)
    engine.wrapped.clock.advance(by: 1)
    session.timeDidChange(to: engine.currentTime)
    #expect(session.time == 5 && engine.wrapped.log == ["load a-1.mp4", "seek 0:04", "play"], "orders reach it and time comes back")
}
