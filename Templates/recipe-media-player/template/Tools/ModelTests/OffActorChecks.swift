import Foundation

/// Every model type used away from the main actor. The compiler refuses this file if a type
/// loses its `nonisolated`; each result also checks the value it computed.
@concurrent
nonisolated func offActorChecks(media: URL) async -> [OffActorResult] {
    var results: [OffActorResult] = []
    let catalog: Catalog = TestCatalog.catalog
    results.append(OffActorResult("Catalog, Show and Episode", catalog.show(id: "a")?.episodes.first?.id == "a-1"))
    results.append(OffActorResult("Catalog.Failure and CatalogProblem", (try? Catalog.decode(Data("{}".utf8))) == nil && !CatalogProblem.noShows.description.isEmpty))
    results.append(OffActorResult("MediaSource and CatalogProblem.MediaIssue", MediaSource.parse("x.avi") == .failure(.unsupportedType("avi"))))
    results.append(OffActorResult("PlayerFacts", PlayerFacts.videoAspectRatio > 1))
    var queue: PlayQueue? = PlayQueue(starting: "a-1", in: catalog)
    results.append(OffActorResult("PlayQueue", queue?.advance() == true && queue?.current.id == "a-2"))
    results.append(OffActorResult("UpNextPolicy", UpNextPolicy().lead(for: 12) == 6))
    results.append(OffActorResult("UpNextState", UpNextState(rawValue: "offered")?.showsCard == true))
    var points: ResumePoints = ResumePoints()
    if let episode = catalog.episode(id: "a-1") {
        points.record(4, of: episode)
    }
    results.append(OffActorResult("ResumePoints", points["a-1"] == 4))
    let store: any ResumeStore = MemoryResumeStore(points)
    results.append(OffActorResult("ResumeStore", store.loadResumePoints() == points))
    let suite: String = "model-tests-off-actor-\(UUID().uuidString)"
    let defaults: PlayerDefaults = PlayerDefaults(suiteName: suite)
    defaults.setAutoplay(false)
    results.append(OffActorResult("PlayerDefaults", !defaults.autoplay))
    defaults.reset()
    UserDefaults.standard.removePersistentDomain(forName: suite)
    let frame: FoldFrame = FoldFrame(frame: MeasuredFrames.bookFold, isActive: true)
    let fold: FoldGeometry? = FoldGeometry(candidates: [frame], in: MeasuredFrames.wide)
    results.append(OffActorResult("FoldFrame, FoldGeometry and its Orientation", fold?.orientation == .vertical))
    let regions: FoldRegions = FoldRegions(bounds: MeasuredFrames.wide, fold: fold)
    let split: FoldRegions.Split? = regions.split
    results.append(OffActorResult("FoldRegions and FoldRegions.Split", split?.second.minX == 495))
    let player: PlayerRegions = PlayerRegions(bounds: MeasuredFrames.wide, fold: fold, controlsHeight: 180)
    let arrangement: PlayerRegions.Arrangement = player.arrangement
    results.append(OffActorResult("PlayerRegions and its Arrangement", arrangement == .sideBySide))
    results.append(OffActorResult("TimeText", TimeText.clock(65) == "1:05"))
    results.append(OffActorResult("LaunchOptions", LaunchOptions(arguments: ["-start", "4"]).start == 4))
    results.append(OffActorResult("LaunchSwitches", LaunchSwitches.pairs(["-loop", "NO"]).first?.value == "NO"))
    results.append(OffActorResult("LibrarySelection", LibrarySelection(selecting: "a-2", in: catalog)?.showID == "a"))
    // The session runs wherever its caller does: here, with an engine made off the main actor.
    var session: PlayerSession = PlayerSession(catalog: catalog, resources: TestCatalog.resources, store: MemoryResumeStore())
    let engine: StandInEngine = StandInEngine(clock: SteppedClock(), lengths: TestCatalog.lengths)
    session.open("a-1", at: 4, paused: true, on: engine)
    let phase: PlayerSession.Phase = session.phase
    results.append(OffActorResult("PlayerSession, its Phase and PlaybackEngine", phase == .paused && engine.log.first == "load a-1.mp4"))
    session.itemDidFail(on: engine)
    let failure: PlaybackFailure? = session.failure
    results.append(OffActorResult("PlaybackFailure", failure?.episodeID == "a-1" && failure?.isStreamed == false))
    var pictureInPicture: PictureInPictureState = PictureInPictureState()
    pictureInPicture.isPossible = true
    results.append(OffActorResult("PictureInPictureState and its Order and RestoreAnswer", pictureInPicture.order == .start
        && pictureInPicture.restoreRequested(isPlayerPresented: false, hasEpisode: true) == .afterThePlayerShows))
    let snapshot: PlayerSnapshot = session.snapshot(surfaces: 1)
    results.append(OffActorResult("PlayerSnapshot and PlayerMarker", MarkerText.fields(PlayerMarker.player(snapshot))["time"] == "4"))
    let clip: URL = media.appendingPathComponent("small-repairs-1.mp4")
    let length: Double? = (try? Data(contentsOf: clip)).flatMap { MP4Boxes($0).summary()?.seconds }
    results.append(OffActorResult("MP4Boxes reads a clip", length.map { abs($0 - 12) < 0.1 } ?? false, "\(String(describing: length))"))
    return results
}
