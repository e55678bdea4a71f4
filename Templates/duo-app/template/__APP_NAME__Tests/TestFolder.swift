import Foundation
@testable import __APP_NAME__

/// Fresh folders for the tests, one a call (model-tests-<UUID>/<UUID>/<name> under the system's
/// temporary folder): tests running side by side never share one.
enum TestFolder {
    /// This test process's folder, removed when the process exits, so `swift test` run again and
    /// again leaves nothing behind. A run killed before its end leaves this one folder; in
    /// Xcode it is in the test host's own temporary folder, which the system clears.
    nonisolated static let root: URL = {
        let url: URL = FileManager.default.temporaryDirectory
            .appendingPathComponent("model-tests-\(UUID().uuidString)", isDirectory: true)
        atexit { try? FileManager.default.removeItem(at: TestFolder.root) }
        return url
    }()

    static func make(_ name: String) -> URL {
        let url: URL = root
            .appendingPathComponent(UUID().uuidString, isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The generated project's folder and the app's folder in it, found from this file's place
/// (__APP_NAME__Tests/ beside __APP_NAME__/), the same under `swift test` and in Xcode.
enum ProjectFolder {
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let app: URL = root.appendingPathComponent("__APP_NAME__", isDirectory: true)
}
