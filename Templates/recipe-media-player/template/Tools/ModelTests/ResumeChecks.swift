import Foundation

func resumeChecks(_ c: Checker) {
    let catalog: Catalog = TestCatalog.catalog
    guard let short = catalog.episode(id: "a-1"), let long = catalog.episode(id: "b-1") else {
        c.check("the test catalogue has a-1 and b-1", false)
        return
    }
    c.begin("Resume points")
    var points: ResumePoints = ResumePoints()
    c.check("under a second in is not worth keeping", !points.record(0.5, of: short) && points[short.id] == nil)
    c.check("4 seconds in is kept", points.record(4, of: short) && points[short.id] == 4)
    c.equal("and the episode starts there", points.startTime(for: short), 4)
    c.equal("the library shows a third watched", points.progress(of: short), 1.0 / 3.0)
    c.check("the last tenth of a short episode is the end: the point goes", points.record(11, of: short) && points[short.id] == nil)
    c.check("just before the last tenth is kept", points.record(10.7, of: short) && points[short.id] == 10.7)
    c.check("the last 5 seconds of a long episode are the end", !ResumePoints.isNearEnd(1794, duration: 1800) && ResumePoints.isNearEnd(1795, duration: 1800))
    c.check("recording the same time again changes nothing", !points.record(10.7, of: short))
    c.check("playing to the end removes the point", points.finish(short) && points[short.id] == nil && !points.finish(short))
    c.equal("an episode never played starts at the beginning", points.startTime(for: long), 0)
    let stale: ResumePoints = ResumePoints(seconds: [short.id: 20])
    c.equal("a point past the episode's end (the episode was replaced) starts at the beginning", stale.startTime(for: short), 0)
    c.check("points that are not times are dropped", ResumePoints(seconds: ["x": .nan, "y": -1, "z": 3]).seconds == ["z": 3])
    let encoded: Data? = try? JSONEncoder().encode(ResumePoints(seconds: [short.id: 4, long.id: 600]))
    let decoded: ResumePoints? = encoded.flatMap { try? JSONDecoder().decode(ResumePoints.self, from: $0) }
    c.equal("points survive being saved and read", decoded?.seconds, [short.id: 4, long.id: 600])

    c.begin("Resume points in UserDefaults")
    let suite: String = "model-tests-\(UUID().uuidString)"
    let defaults: PlayerDefaults = PlayerDefaults(suiteName: suite)
    c.equal("nothing saved yet", defaults.loadResumePoints(), ResumePoints())
    c.check("autoplay is on until someone turns it off", defaults.autoplay)
    defaults.saveResumePoints(ResumePoints(seconds: [short.id: 4]))
    defaults.setAutoplay(false)
    let again: PlayerDefaults = PlayerDefaults(suiteName: suite)
    c.equal("resume points are read back", again.loadResumePoints()[short.id], 4)
    c.check("the autoplay switch is read back", !again.autoplay)
    UserDefaults(suiteName: suite)?.set(Data("not json".utf8), forKey: PlayerDefaults.resumePointsKey)
    c.equal("unreadable saved points are no points, not a crash", again.loadResumePoints(), ResumePoints())
    again.reset()
    c.check("-resetState forgets both", again.loadResumePoints() == ResumePoints() && again.autoplay)
    UserDefaults.standard.removePersistentDomain(forName: suite)
}
