import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `--replace` in-process: the old project is moved aside just before the new one is written,
/// and moved back when writing fails; nothing of it is ever removed.
@Suite struct ProjectReplacementTests {
    /// Writing fails because another process made the folder meanwhile, so the old project cannot
    /// go back: the failure says where it is. Until 2026-12-07 it said only that something
    /// appeared there, and the old project sat in 'p.replaced' unmentioned.
    @Test func anOldProjectThatCannotGoBackIsNamedWhereItIs() throws {
        let scene = try ProjectUpdateTests.Scene(files: ["a.txt": "a1\n"])
        var request = GenerationPipeline.Request(
            recipe: "fix", appName: "Sitter", bundleID: "com.example.sitter", folder: "p", settings: [], workingDirectory: scene.root.path
        )
        request.replace = true
        let prepared = try GenerationPipeline.prepare(request, catalog: scene.catalog(nil, false))
        #expect(prepared.replacement != nil)
        var made = false
        do {
            _ = try GenerationPipeline.write(prepared, generator: "duo-new test", interruption: nil) { _ in
                guard !made else { return }
                made = true
                // Another process makes the folder, with something in it, while the new project is written.
                try? FileManager.default.createDirectory(at: scene.project, withIntermediateDirectories: true)
                try? Data("theirs\n".utf8).write(to: scene.project.appendingPathComponent("theirs.txt"))
            }
            Issue.record("the new project was written over a folder made meanwhile")
        } catch {
            #expect(error.message.contains("p.replaced"), "\(error.message)")
        }
        let aside = scene.root.appendingPathComponent("p.replaced")
        #expect(FileManager.default.contents(atPath: aside.appendingPathComponent("a.txt").path) == Data("a1\n".utf8), "the old project kept")
    }
}
