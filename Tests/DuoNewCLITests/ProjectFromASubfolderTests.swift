import Foundation
import Testing
@testable import DuoNewCLI

/// `duo-new check` or `update` typed in a folder of the project, as one types `git status`
/// anywhere in a clone: the refusal names the project's root, where its record is.
@Suite struct ProjectFromASubfolderTests {
    @Test func aFolderInsideAProjectIsRefusedNamingTheProjectsRoot() throws {
        let made = try InProcessRun.run(["example-hello", "Hello", "com.example.hello", "Hello", "--no-test"])
        defer { made.cleanUp() }
        #expect(made.code == .success, "\(made.output.standardError)")
        for (command, folder, root) in [("check", "Hello/Hello", "Hello"), ("update", "Hello/Tools", "Hello")] {
            let run = try InProcessRun.run([command, folder], in: made.folder)
            #expect(run.code == .noRecipe, "\(run.output.standardError)")
            #expect(run.output.standardError.contains("'\(folder)' is inside the project '\(root)', whose root holds .duo-new.json; give that folder"), "\(run.output.standardError)")
        }
        let inside = try InProcessRun.run(["check"], in: made.folder.appendingPathComponent("Hello/Hello"))
        #expect(inside.output.standardError.contains("'.' is inside the project '..', whose root holds .duo-new.json"), "\(inside.output.standardError)")
    }
}
