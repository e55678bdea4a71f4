#if os(Linux)
import Foundation
import Glibc
import Testing
import TestSupport
@testable import DuoNewCLI

/// The `mktemp` a static build's Foundation calls (`StaticFoundationMktemp.swift`) behaves as
/// glibc's: a fresh name in place of the `XXXXXX`, nothing left on disk, an empty template and
/// `EINVAL` for a template without the six X's.
@Suite struct StaticFoundationMktempTests {
    static func call(_ template: String) -> (result: String?, errno: Int32) {
        var bytes = Array(template.utf8CString)
        errno = 0
        let result = bytes.withUnsafeMutableBufferPointer { buffer in
            staticFoundationMktemp(buffer.baseAddress).map { String(cString: $0) }
        }
        return (result, errno)
    }

    @Test func makesAFreshNameAndLeavesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-mktemp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent(".dat.nosync.XXXXXX").path
        let first = try #require(Self.call(template).result)
        let second = try #require(Self.call(template).result)
        #expect(first.count == template.count && first.hasPrefix(String(template.dropLast(6))) && !first.hasSuffix("XXXXXX"), "\(first)")
        #expect(first != second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the name is free again")
    }

    @Test func refusesATemplateWithoutSixXs() {
        let refused = Self.call(FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-mktemp-XXXX").path)
        #expect(refused.result == "")
        #expect(refused.errno == EINVAL)
    }
}
#endif
