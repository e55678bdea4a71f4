import Foundation
import Testing
@testable import __APP_NAME__

@Test("Resume points")
func resumeChecks() {
    let catalog: Catalog = TestCatalog.catalog
    guard let short = catalog.episode(id: "a-1"), let long = catalog.episode(id: "b-1") else {
        Issue.record("the test catalogue has a-1 and b-1")
        return
    }
    var points: ResumePoints = ResumePoints()
    #expect(!points.record(0.5, of: short) && points[short.id] == nil, "under a second in is not worth keeping")
    #expect(points.record(4, of: short) && points[short.id] == 4, "4 seconds in is kept")
    #expect(points.startTime(for: short) == 4, "and the episode starts there")
    #expect(points.progress(of: short) == 1.0 / 3.0, "the library shows a third watched")
    #expect(points.record(11, of: short) && points[short.id] == nil, "the last tenth of a short episode is the end: the point goes")
    #expect(points.record(10.7, of: short) && points[short.id] == 10.7, "just before the last tenth is kept")
    #expect(!ResumePoints.isNearEnd(1794, duration: 1800) && ResumePoints.isNearEnd(1795, duration: 1800), "the last 5 seconds of a long episode are the end")
    #expect(points.record(10.7, of: short) == false, "recording the same time again changes nothing")
    #expect(points.finish(short) && points[short.id] == nil && !points.finish(short), "playing to the end removes the point")
    #expect(points.startTime(for: long) == 0, "an episode never played starts at the beginning")
    let stale: ResumePoints = ResumePoints(seconds: [short.id: 20])
    #expect(stale.startTime(for: short) == 0, "a point past the episode's end (the episode was replaced) starts at the beginning")
    #expect(ResumePoints(seconds: ["x": .nan, "y": -1, "z": 3]).seconds == ["z": 3], "points that are not times are dropped")
    let encoded: Data? = try? JSONEncoder().encode(ResumePoints(seconds: [short.id: 4, long.id: 600]))
    let decoded: ResumePoints? = encoded.flatMap { try? JSONDecoder().decode(ResumePoints.self, from: $0) }
    #expect(decoded?.seconds == [short.id: 4, long.id: 600], "points survive being saved and read")

    // Resume points in UserDefaults
    let suite: String = "model-tests-\(UUID().uuidString)"
    let defaults: PlayerDefaults = PlayerDefaults(suiteName: suite)
    #expect(defaults.loadResumePoints() == ResumePoints(), "nothing saved yet")
    #expect(defaults.autoplay, "autoplay is on until someone turns it off")
    defaults.saveResumePoints(ResumePoints(seconds: [short.id: 4]))
    defaults.setAutoplay(false)
    let again: PlayerDefaults = PlayerDefaults(suiteName: suite)
    #expect(again.loadResumePoints()[short.id] == 4, "resume points are read back")
    #expect(!again.autoplay, "the autoplay switch is read back")
    UserDefaults(suiteName: suite)?.set(Data("not json".utf8), forKey: PlayerDefaults.resumePointsKey)
    #expect(again.loadResumePoints() == ResumePoints(), "unreadable saved points are no points, not a crash")
    again.reset()
    #expect(again.loadResumePoints() == ResumePoints() && again.autoplay, "-resetState forgets both")
    UserDefaults.standard.removePersistentDomain(forName: suite)
}
