import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// `--into-existing`: a repository created with a README, a LICENSE or a `.gitignore` and cloned
/// takes the project beside those files, which stay as they were; a file the project writes
/// too is refused (73) before anything is written, compared without case as a Mac's disk
/// compares names. The prompt's folder question keeps the same rule (`PromptAnswers.checkFolder`).
@Suite("Generating into a folder that holds files")
struct IntoExistingFolderTests {
    /// A recipe `fix` under `T` that writes `README.md`, `App/Main.txt` and its record, and a
    /// folder `p` holding `.git` and `existing`.
    static func scratch(existing: [String: String]) throws -> URL {
        let root = try TestScratch.makeFolder("into-existing")
        let manifest = TestManifest.header(name: "fix", summary: "A recipe with a README.") + "\n"
        try TestManifest.writeRecipe(
            at: root.appendingPathComponent("T/fix"), manifest: manifest,
            files: ["README.md": "# __APP_NAME__\n", "App/Main.txt": "main\n"]
        )
        let folder = root.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (name, text) in existing { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return root
    }

    static func prepare(in root: URL, intoExisting: Bool, replace: Bool = false) throws(GenerationFailure) -> GenerationPipeline.Prepared {
        let catalog: TemplateCatalog
        do {
            catalog = try TemplateCatalog.locate(option: "T", environment: [:], executablePath: nil, workingDirectory: root.path)
        } catch {
            throw GenerationFailure(.noRecipe, error.message)
        }
        var request = GenerationPipeline.Request(recipe: "fix", appName: "Abc", bundleID: "com.example.abc", folder: "p", workingDirectory: root.path)
        request.intoExisting = intoExisting
        request.replace = replace
        return try GenerationPipeline.prepare(request, catalog: catalog)
    }

    static func listing(_ root: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("p").path).sorted()
    }

    @Test func theProjectIsWrittenBesideWhatTheFolderHolds() throws {
        let root = try Self.scratch(existing: ["LICENSE": "MIT\n", "notes.txt": "mine\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let prepared = try Self.prepare(in: root, intoExisting: true)
        #expect(prepared.destination.kept == ["LICENSE", "notes.txt"])
        _ = try GenerationPipeline.write(prepared, generator: "duo-new test", interruption: nil)
        #expect(try Self.listing(root) == [".duo-new.json", ".git", "App", "LICENSE", "README.md", "notes.txt"])
        #expect(try String(contentsOf: root.appendingPathComponent("p/LICENSE"), encoding: .utf8) == "MIT\n")
        #expect(try String(contentsOf: root.appendingPathComponent("p/README.md"), encoding: .utf8) == "# Abc\n")
    }

    @Test func withoutTheFlagTheRefusalNamesWhatTheFolderHoldsAndTheFlag() throws {
        let root = try Self.scratch(existing: ["LICENSE": "MIT\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: GenerationFailure.self) { try Self.prepare(in: root, intoExisting: false) }
        #expect(error?.kind == .destination)
        #expect(error?.message.contains("(it holds 'LICENSE')") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("'--into-existing'") == true, "\(error?.message ?? "")")
        #expect(GenerationDestination.listed(["a", "b", "c", "d\u{1B}", "e"]) == "'a', 'b', 'c' and 2 more")
        #expect(GenerationDestination.listed(["x\u{1B}"]) == "'x\\u{1B}'", "a name is escaped for the terminal")
    }

    /// `readme.md` is `README.md` on a Mac's disk: refused there and here alike, with every
    /// name the project would write over, and the folder left as it was.
    @Test(arguments: [["README.md": "# Mine\n"], ["readme.md": "# Mine\n", "app": "a file\n"], [".duo-new.json": "{}", "GENERATION-CHECKS.md": "x"]])
    func aFileTheProjectWritesIsRefusedBeforeAnythingIsWritten(existing: [String: String]) throws {
        let root = try Self.scratch(existing: existing)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Self.listing(root)
        let error = #expect(throws: GenerationFailure.self) { try Self.prepare(in: root, intoExisting: true) }
        #expect(error?.kind == .destination)
        for name in existing.keys where name != ".duo-new.json" {
            #expect(error?.message.contains("'\(name)'") == true, "\(name): \(error?.message ?? "")")
        }
        #expect(try Self.listing(root) == before)
    }

    /// A folder holding a project duo-new made is still the project's case (`--replace`, or
    /// `duo-new check`), never a folder to write beside.
    @Test func aProjectInTheFolderIsNamedAsBefore() throws {
        let root = try Self.scratch(existing: [:])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try Self.prepare(in: root, intoExisting: false)
        _ = try GenerationPipeline.write(first, generator: "duo-new test", interruption: nil)
        let error = #expect(throws: GenerationFailure.self) { try Self.prepare(in: root, intoExisting: true) }
        #expect(error?.message.contains("it holds a project duo-new generated from fix") == true, "\(error?.message ?? "")")
    }

    /// The prompt's folder question takes what generation takes: a project with `--replace`,
    /// other files with `--into-existing`, and refuses the templates folder as generation does.
    @Test func thePromptsFolderQuestionKeepsGenerationsRule() throws {
        let root = try Self.scratch(existing: ["LICENSE": "MIT\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try TemplateCatalog.locate(option: "T", environment: [:], executablePath: nil, workingDirectory: root.path)
        let answers = try PromptAnswers.load("fix", in: catalog, workingDirectory: root.path)
        #expect(throws: GenerationFailure.self) { try answers.checkFolder("p") }
        #expect(try answers.checkFolder("p", intoExisting: true) == "p")
        let inside = #expect(throws: GenerationFailure.self) { try answers.checkFolder("T/Mine") }
        #expect(inside?.message.contains("where recipes are read from") == true, "\(inside?.message ?? "")")

        try FileManager.default.removeItem(at: root.appendingPathComponent("p/LICENSE"))
        _ = try GenerationPipeline.write(try Self.prepare(in: root, intoExisting: false), generator: "duo-new test", interruption: nil)
        #expect(throws: GenerationFailure.self) { try answers.checkFolder("p") }
        #expect(try answers.checkFolder("p", replace: true) == "p")
    }
}
