import Foundation

/// Where the manifest and lint fixtures live, found from this file so tests run from any folder.
package enum Fixtures {
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    package static let manifests = root.appendingPathComponent("manifests")
    package static let lint = root.appendingPathComponent("lint")

    /// The lint fixtures' folder names (each with a `.expected` file beside it).
    package static var lintFixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: lint.path)) ?? []
        return names.filter { !$0.hasSuffix(".expected") }.sorted()
    }
}
