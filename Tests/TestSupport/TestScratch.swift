import Foundation

/// One temporary folder for this test process, removed when it exits: the home of the model
/// tests' compile cache for every program the tests launch, so a test run neither reads the
/// user's cache (a warm one would hide a compile) nor leaves programs in it.
package enum TestScratch {
    package static let folder: URL = {
        let folder: URL = FileManager.default.temporaryDirectory
            .appendingPathComponent("duo-new-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.folder) }
        return folder
    }()

    /// `COLUMNS` for the tests' runs of duo-new: wide enough that nothing is wrapped, so a test
    /// that looks for a phrase finds it on one line. The tests of wrapping set their own width.
    package static let unwrappedColumns = "1000"

    /// `XDG_CACHE_HOME` for programs the tests launch (the scripts read it on macOS too).
    package static let cacheHome: URL = {
        let cache: URL = folder.appendingPathComponent("cache", isDirectory: true)
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        return cache
    }()

    /// `XDG_CONFIG_HOME` for programs the tests launch through `ChildProcess`: empty, so duo-new
    /// reads no config.yaml of the user's (and the shells none of theirs).
    package static let configHome: URL = {
        let config: URL = folder.appendingPathComponent("config", isDirectory: true)
        try? FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        return config
    }()

    /// A fresh empty folder inside `folder`.
    package static func makeFolder(_ prefix: String) throws -> URL {
        let made: URL = folder.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        return made
    }
}
