import Foundation
import Testing
import TestSupport
@testable import DuoNewKit

/// Reading a small file duo-new did not write (a manifest, a record): whatever is at the path
/// when it is opened is judged, not what was there when the caller looked.
@Suite struct BoundedReadTests {
    let folder: URL

    init() throws {
        folder = TestScratch.folder.appendingPathComponent("duo-new-bounded-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func aRegularFileWithinTheLimitIsReadWhole() throws {
        defer { cleanUp() }
        let file = folder.appendingPathComponent("record.json")
        try Data("{}\n".utf8).write(to: file)
        #expect(POSIX.readRegularFile(file.path, limit: 3) == .bytes(Array("{}\n".utf8)))
        #expect(POSIX.readRegularFile(file.path, limit: 2) == .tooLarge(bytes: 3))
    }

    /// A FIFO is refused at once, never waited on; a link is never followed, even to a regular file.
    @Test func aFIFOOrALinkIsNotRead() throws {
        defer { cleanUp() }
        let fifo = folder.appendingPathComponent("fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        #expect(POSIX.readRegularFile(fifo.path, limit: 1 << 20) == .notRegular)
        let target = folder.appendingPathComponent("target")
        try Data("x".utf8).write(to: target)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(POSIX.readRegularFile(link.path, limit: 1 << 20) == .notRegular)
    }

    /// The limit holds while reading: a file whose size said 0 when it was opened and that then
    /// yields more (as a file growing after its size was taken does) is refused past the limit.
    /// Linux's /proc files are regular files of size 0 that hold text; macOS has none to try.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc"))
    func aFileThatYieldsMoreThanItsSizeIsStoppedAtTheLimit() throws {
        let path = "/proc/self/status"
        guard case .tooLarge(let bytes) = POSIX.readRegularFile(path, limit: 16) else {
            Issue.record("a file yielding more than its size was read past the limit")
            return
        }
        #expect(bytes > 16)
    }
}
