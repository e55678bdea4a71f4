import Foundation

/// Fresh folders under the system's temporary folder, removed when the tests end.
enum TestFolder {
    private static var made: [URL] = []

    static func make(_ name: String) -> URL {
        let url: URL = FileManager.default.temporaryDirectory
            .appendingPathComponent("model-tests-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.append(url.deletingLastPathComponent())
        return url
    }

    static func removeAll() {
        for url in made {
            try? FileManager.default.removeItem(at: url)
        }
        made = []
    }
}
