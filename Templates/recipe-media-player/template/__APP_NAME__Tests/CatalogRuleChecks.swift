import Foundation
import Testing
@testable import __APP_NAME__

/// Reading catalogues that are wrong on purpose: every mistake is caught and worded for the
/// person who made it.
@Test("Catalogue rules")
func catalogRuleChecks() {
    let good: Catalog? = try? Catalog.decode(TestCatalog.json)
    #expect(good?.episodes.count == 5, "a well-formed catalogue reads — \(good?.episodes.count ?? 0) episodes")
    #expect(good?.shows.map(\.id) ?? [] == ["a", "b"], "shows keep their order")
    #expect(good?.episode(id: "b-1")?.showID == "b", "an episode knows its show")
    #expect(good?.episode(id: "zz") == nil && good?.show(id: "zz") == nil, "an unknown id finds nothing")
    if let a3 = good?.episode(id: "a-3") {
        #expect(good?.episode(after: a3) == nil, "nothing follows a show's last episode")
    }
    #expect(good?.show(id: "b")?.symbol == "play.rectangle", "optional fields take their defaults")

    expectProblem("a duplicate id", #"{"shows":[{"id":"a","title":"A","episodes":[{"id":"a","number":1,"title":"T","duration":12,"media":"a.mp4"}]}]}"#, .duplicateID("a"), mentioning: "used twice")
    expectProblem("episodes numbered 1, 3", episodes(#"{"id":"x-1","number":1,"title":"T","duration":12,"media":"x.mp4"},{"id":"x-3","number":3,"title":"T","duration":12,"media":"x.mp4"}"#), .badNumbering(show: "x", numbers: [1, 3]), mentioning: "1, 2, 3")
    expectProblem("episodes numbered from 0", episodes(#"{"id":"x-0","number":0,"title":"T","duration":12,"media":"x.mp4"}"#), .badNumbering(show: "x", numbers: [0]), mentioning: "in order")
    expectProblem("a zero duration", episodes(#"{"id":"x-1","number":1,"title":"T","duration":0,"media":"x.mp4"}"#), .badDuration(episode: "x-1", seconds: 0), mentioning: "more than 0")
    expectProblem("an http address", episodes(#"{"id":"x-1","number":1,"title":"T","duration":12,"media":"http://example.com/x.m3u8"}"#), .badMedia(episode: "x-1", .notHTTPS(scheme: "http")), mentioning: "App Transport Security")
    expectProblem("a path instead of a file name", episodes(#"{"id":"x-1","number":1,"title":"T","duration":12,"media":"Media/x.mp4"}"#), .badMedia(episode: "x-1", .notAFileName), mentioning: "flat")
    expectProblem("a file type the player cannot play", episodes(#"{"id":"x-1","number":1,"title":"T","duration":12,"media":"x.avi"}"#), .badMedia(episode: "x-1", .unsupportedType("avi")), mentioning: "mp4")
    expectProblem("an empty media string", episodes(#"{"id":"x-1","number":1,"title":"T","duration":12,"media":" "}"#), .badMedia(episode: "x-1", .empty), mentioning: "empty")
    expectProblem("an empty title", episodes(#"{"id":"x-1","number":1,"title":"","duration":12,"media":"x.mp4"}"#), .emptyField(field: "title", item: "x-1"), mentioning: "'title'")
    expectProblem("a show without episodes", #"{"shows":[{"id":"x","title":"X","episodes":[]}]}"#, .emptyShow(show: "x"), mentioning: "no episodes")
    expectProblem("no shows at all", #"{"shows":[]}"#, .noShows, mentioning: "no shows")
    expectProblem("a missing key", #"{"shows":[{"id":"x","title":"X","episodes":[{"id":"x-1","number":1,"title":"T","media":"x.mp4"}]}]}"#, .unreadable("'duration' is missing at shows[0].episodes[0]."), mentioning: "'duration'")
    expectProblem("a number written as text", episodes(#"{"id":"x-1","number":"one","title":"T","duration":12,"media":"x.mp4"}"#), .unreadable("the value at shows[0].episodes[0].number has the wrong type."), mentioning: "number")
    expectProblem("text that is not JSON", "shows: []", .unreadable("it is not valid JSON."), mentioning: "not valid JSON")
    let several: Catalog.Failure? = failure(episodes(#"{"id":"x-1","number":2,"title":"T","duration":-1,"media":"ftp://x"}"#))
    #expect(several?.problems.count == 3, "every problem is reported at once")
    #expect((try? Catalog.load(from: URL(fileURLWithPath: "/nonexistent-model-tests"))) == nil, "a missing catalogue says where it looked")

    #expect(MediaSource.parse("clip.mp4") == .success(.bundled(fileName: "clip.mp4")), "a file name is bundled")
    #expect(MediaSource.parse("clip.MOV") == .success(.bundled(fileName: "clip.MOV")), "file types are compared without case")
    let stream: URL? = URL(string: "https://example.com/show/index.m3u8")
    #expect(stream.map { MediaSource.parse($0.absoluteString) == .success(.remote($0)) } ?? false, "an https address streams (an HLS playlist too)")
    #expect(MediaSource.parse("HTTPS://example.com/a.mp4").map(\.isBundled) == .success(false), "HTTPS in capitals is https")
    #expect(MediaSource.parse("ftp://example.com/a.mp4") == .failure(.notHTTPS(scheme: "ftp")), "ftp is refused")
    #expect(MediaSource.parse("https://") == .failure(.badAddress), "https without a host is refused")
    #expect(MediaSource.parse(".clip.mp4") == .failure(.notAFileName), "a hidden file is refused")
    #expect(MediaSource.parse("clip") == .failure(.unsupportedType("")), "a name without a type is refused")
    let resources: URL = URL(fileURLWithPath: "/app/Resources", isDirectory: true)
    #expect(MediaSource.bundled(fileName: "a.mp4").url(resources: resources).path == "/app/Resources/a.mp4", "a bundled file is found in the resources")
    #expect(stream.map { MediaSource.remote($0).url(resources: resources) } == stream, "an address is used as it is")
}

private func episodes(_ list: String) -> String {
    #"{"shows":[{"id":"x","title":"X","episodes":["# + list + "]}]}"
}

private func failure(_ json: String) -> Catalog.Failure? {
    do {
        _ = try Catalog.decode(Data(json.utf8))
        return nil
    } catch {
        return error
    }
}

private func expectProblem(_ name: String, _ json: String, _ expected: CatalogProblem, mentioning words: String) {
    let found: Catalog.Failure? = failure(json)
    let problems: [CatalogProblem] = found?.problems ?? []
    let message: String = problems.first { $0 == expected }?.description ?? ""
    #expect(problems.contains(expected) && message.contains(words), "\(name) is refused, and the message says \"\(words)\" — \(found == nil ? "the catalogue was accepted" : found?.description ?? "")")
}

/// A small catalogue of its own, so the rules are tested whatever the real one holds: show
/// `a` has three bundled 12-second episodes, show `b` one streamed episode and one bundled.
nonisolated enum TestCatalog {
    static let json: Data = Data("""
    {"shows": [
      {"id": "a", "title": "Show A", "host": "Host", "summary": "About A.", "hue": 0.1, "symbol": "a.circle",
       "episodes": [
         {"id": "a-1", "number": 1, "title": "A one", "summary": "First.", "duration": 12, "media": "a-1.mp4"},
         {"id": "a-2", "number": 2, "title": "A two", "summary": "Second.", "duration": 12, "media": "a-2.mp4"},
         {"id": "a-3", "number": 3, "title": "A three", "summary": "Third.", "duration": 12, "media": "a-3.mp4"}]},
      {"id": "b", "title": "Show B",
       "episodes": [
         {"id": "b-1", "number": 1, "title": "B one", "duration": 1800, "media": "https://example.com/b/1/index.m3u8"},
         {"id": "b-2", "number": 2, "title": "B two", "duration": 30, "media": "b-2.m4a"}]}
    ]}
    """.utf8)

    static let resources: URL = URL(fileURLWithPath: "/test-resources", isDirectory: true)

    static var catalog: Catalog {
        (try? Catalog.decode(json)) ?? Catalog(shows: [])
    }

    /// The stand-in engine's lengths for every test item, keyed by the address the session loads.
    static var lengths: [URL: TimeInterval] {
        var result: [URL: TimeInterval] = [:]
        for episode in catalog.episodes {
            result[episode.media.url(resources: resources)] = episode.duration
        }
        return result
    }
}
