import Foundation
import Testing
@testable import __APP_NAME__

/// Every model type used away from the main actor. The compiler refuses this file if a type
/// loses its `nonisolated`; each expectation also checks the value it computed.
@Test("Off the main actor", .timeLimit(.minutes(3)))
@concurrent
nonisolated func offActorChecks() async {
    let media: URL = await mediaFolder
    let catalog: Catalog = TestCatalog.catalog
    #expect(catalog.show(id: "a")?.episodes.first?.id == "a-1", "Catalog, Show and Episode")
    #expect((try? Catalog.decode(Data("{}".utf8))) == nil && !CatalogProblem.noShows.description.isEmpty, "Catalog.Failure and CatalogProblem")
    #expect(MediaSource.parse("x.avi") == .failure(.unsupportedType("avi")), "MediaSource and CatalogProblem.MediaIssue")
    #expect(PlayerFacts.videoAspectRatio > 1, "PlayerFacts")
    var queue: PlayQueue? = PlayQueue(starting: "a-1", in: catalog)
    #expect(queue?.advance() == true && queue?.current.id == "a-2", "PlayQueue")
    #expect(UpNextPolicy().lead(for: 12) == 6, "UpNextPolicy")
    #expect(UpNextState(rawValue: "offered")?.showsCard == true, "UpNextState")
    var points: ResumePoints = ResumePoints()
    if let episode = catalog.episode(id: "a-1") {
        points.record(4, of: episode)
    }
    #expect(points["a-1"] == 4, "ResumePoints")
    let store: any ResumeStore = MemoryResumeStore(points)
    #expect(store.loadResumePoints() == points, "ResumeStore")
    let suite: String = "model-tests-off-actor-\(UUID().uuidString)"
    let defaults: PlayerDefaults = PlayerDefaults(suiteName: suite)
    defaults.setAutoplay(false)
    #expect(!defaults.autoplay, "PlayerDefaults")
    defaults.reset()
    UserDefaults.standard.removePersistentDomain(forName: suite)
    let frame: FoldFrame = FoldFrame(frame: MeasuredFrames.bookFold, isActive: true)
    let fold: FoldGeometry? = FoldGeometry(candidates: [frame], in: MeasuredFrames.wide)
    #expect(fold?.orientation == .vertical, "FoldFrame, FoldGeometry and its Orientation")
    let regions: FoldRegions = FoldRegions(bounds: MeasuredFrames.wide, fold: fold)
    let split: FoldRegions.Split? = regions.split
    #expect(split?.second.minX == 495, "FoldRegions and FoldRegions.Split")
    let player: PlayerRegions = PlayerRegions(bounds: MeasuredFrames.wide, fold: fold, controlsHeight: 180)
    let arrangement: PlayerRegions.Arrangement = player.arrangement
    #expect(arrangement == .sideBySide, "PlayerRegions and its Arrangement")
    #expect(TimeText.clock(65) == "1:05", "TimeText")
    #expect(LaunchOptions(arguments: ["-start", "4"]).start == 4, "LaunchOptions")
    #expect(LaunchSwitches.pairs(["-loop", "NO"]).first?.value == "NO", "LaunchSwitches")
    #expect(LibrarySelection(selecting: "a-2", in: catalog)?.showID == "a", "LibrarySelection")
    // The session runs wherever its caller does: here, with an engine made off the main actor.
    var session: PlayerSession = PlayerSession(catalog: catalog, resources: TestCatalog.resources, store: MemoryResumeStore())
    let engine: StandInEngine = StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths)
    session.open("a-1", at: 4, paused: true, on: engine)
    let phase: PlayerSession.Phase = session.phase
    #expect(phase == .paused && engine.log.first == "load a-1.mp4", "PlayerSession, its Phase and PlaybackEngine")
    session.itemDidFail(on: engine)
    let failure: PlaybackFailure? = session.failure
    #expect(failure?.episodeID == "a-1" && failure?.isStreamed == false, "PlaybackFailure")
    var pictureInPicture: PictureInPictureState = PictureInPictureState()
    pictureInPicture.isPossible = true
    #expect(pictureInPicture.order == .start
        && pictureInPicture.restoreRequested(isPlayerPresented: false, hasEpisode: true) == .afterThePlayerShows, "PictureInPictureState and its Order and RestoreAnswer")
    let snapshot: PlayerSnapshot = session.snapshot(surfaces: 1)
    #expect(MarkerText.fields(PlayerMarker.player(snapshot))["time"] == "4", "PlayerSnapshot and PlayerMarker")
    let clip: URL = media.appendingPathComponent("small-repairs-1.mp4")
    let length: Double? = (try? Data(contentsOf: clip)).flatMap { MP4Boxes($0).summary()?.seconds }
    #expect(length.map { abs($0 - 12) < 0.1 } ?? false, "MP4Boxes reads a clip — \(String(describing: length))")
}
