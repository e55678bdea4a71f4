import Foundation
@testable import __APP_NAME__

/// Fresh folders under the system's temporary folder (model-tests-<UUID>/<name>), one a call:
/// tests running side by side never share one. They are left for the system to clear.
enum TestFolder {
    static func make(_ name: String) -> URL {
        let url: URL = FileManager.default.temporaryDirectory
            .appendingPathComponent("model-tests-\(UUID().uuidString)", isDirectory: true)
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
