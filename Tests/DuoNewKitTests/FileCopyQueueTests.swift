import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// The copy of a large plan on several threads (`FileCopyQueue`): every file's record entry is its
/// own, whichever thread copied it; the earliest failing file is the one reported, however the
/// threads ran; and a small plan stays on one thread.
@Suite("Writing: a large plan on several threads")
struct FileCopyQueueTests {
    let root: URL

    init() throws {
        root = try TestScratch.makeFolder("copy-queue")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// Enough files for more than one thread on any machine of two cores or more.
    static let fileCount = FileCopyQueue.filesPerThread * 2 + 37

    /// A tree of `fileCount` text files, each naming its index and the AppName, planned; `before`
    /// runs between planning and writing.
    func writeTree(before: () throws -> Void = {}) throws -> (Result<ProjectWriter.Summary, WriteError>, URL, order: [String]) {
        let tree = root.appendingPathComponent("tree")
        for index in 0..<Self.fileCount {
            let folder = tree.appendingPathComponent("F\(index % 7)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("file \(index) of __APP_NAME__\n".utf8).write(to: folder.appendingPathComponent("file-\(index).txt"))
        }
        let values = ["APP_NAME": "Sitter"]
        let manifest = Manifest(name: "t", summary: "t", version: "1", placeholders: [Placeholder(name: "APP_NAME", source: .appName)])
        let plan = try Planner.plan(listing: try TreeReader.read(tree: tree), manifest: manifest, values: values)
        let target = try Destination.inspect("out/Sitter", workingDirectory: root.path)
        let writer = ProjectWriter(
            plan: plan, treeRoot: tree, destination: target, values: values,
            record: GenerationRecord(generator: "test", recipe: "t", version: "1", values: values)
        )
        try before()
        let order = plan.writes.filter { if case .file = $0.kind { true } else { false } }.map(\.destination)
        return (Result { () throws(WriteError) in try writer.write() }, URL(fileURLWithPath: target.path), order)
    }

    @Test func threadsAreAddedOnlyForALargePlan() {
        #expect(FileCopyQueue.threads(for: 0) == 1)
        #expect(FileCopyQueue.threads(for: 130) == 1, "the bundled recipes' size")
        #expect(FileCopyQueue.threads(for: FileCopyQueue.filesPerThread * 2) == min(2, ProcessInfo.processInfo.activeProcessorCount))
        #expect(FileCopyQueue.threads(for: 1_000_000) == min(FileCopyQueue.maximumThreads, ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test func everyFileIsRecordedWithItsOwnDigest() throws {
        defer { cleanUp() }
        let (result, project, _) = try writeTree()
        let summary = try result.get()
        #expect(summary.files == Self.fileCount)
        let data = try Data(contentsOf: project.appendingPathComponent(Planner.recordFileName))
        let recorded = try #require(try GenerationRecord.decode(data).files)
        #expect(recorded.count == Self.fileCount)
        for index in 0..<Self.fileCount {
            let path = "F\(index % 7)/file-\(index).txt"
            let expected = "file \(index) of Sitter\n"
            #expect(recorded[path]?.sha256 == SHA256.hex(Array(expected.utf8)), "\(path)")
            #expect(try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8) == expected)
        }
    }

    /// Two sources gone after planning: the earlier in plan order is named, every time, and
    /// nothing is left behind.
    @Test(arguments: 1...3)
    func theEarliestFailingFileIsReported(round: Int) throws {
        defer { cleanUp() }
        let tree = root.appendingPathComponent("tree")
        let late = FileCopyQueue.filesPerThread * 2
        let early = FileCopyQueue.filesPerThread + round
        let (result, project, order) = try writeTree {
            try FileManager.default.removeItem(at: tree.appendingPathComponent("F\(late % 7)/file-\(late).txt"))
            try FileManager.default.removeItem(at: tree.appendingPathComponent("F\(early % 7)/file-\(early).txt"))
        }
        guard case .failure(.io(let path, _)) = result else {
            Issue.record("expected an I/O failure, got \(result)")
            return
        }
        let removed = ["F\(late % 7)/file-\(late).txt", "F\(early % 7)/file-\(early).txt"]
        let earliest = try #require(order.first { removed.contains($0) })
        #expect(path.hasSuffix(earliest), "\(path)")
        #expect(!FileManager.default.fileExists(atPath: project.path))
        // The folder made to hold the project goes too.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }
}
