import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Every broken manifest under `Fixtures/manifests/invalid/` is refused with exactly the
/// diagnostics written beside it in `<name>.expected`, positions included.
@Suite struct ManifestInvalidFixtureTests {
    static let folder = Fixtures.manifests.appendingPathComponent("invalid")

    static var fixtureNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Every broken manifest has its expected output and every expected output its manifest,
    /// so the listing the test below runs over is the whole folder.
    @Test func everyFixtureHasItsExpectedOutput() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        let expected = Set(files.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(".expected".count)) })
        try #require(!expected.isEmpty, "no fixtures in \(Self.folder.path)")
        #expect(Set(Self.fixtureNames) == expected)
    }

    @Test(arguments: fixtureNames)
    func refusesWithTheExpectedDiagnostics(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("\(name).yaml")))
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("\(name).expected"), encoding: .utf8)
        do {
            _ = try ManifestDecoder.decodeLocated(utf8: bytes, file: Manifest.fileName)
            Issue.record("'\(name).yaml' decoded without an error")
        } catch {
            #expect(error.rendered + "\n" == expected)
        }
    }
}
