import Foundation

/// Where the manifest and lint fixtures live, found from this file so tests run from any folder.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let manifests = root.appendingPathComponent("manifests")
    static let lint = root.appendingPathComponent("lint")
}
