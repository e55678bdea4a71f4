import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Generation, its dry run and update, in-process, when a value lands between the template's
/// underscores: an all-capitals AppName or `--set` value in `____APP_NAME____` makes text shaped
/// like a token, which is the user's text, not a token the recipe forgot, so it is written. A
/// token the template holds beside a value is still refused (78) at its own line and column.
@Suite("Values beside the template's underscores")
struct StampedValueGenerationTests {
    static let greeting = "  GREETING:\n    from: set\n    description: A word.\n    default: hello\n"

    /// The files of a recipe whose text and names put each value between underscores.
    static let besideUnderscores = [
        "Body.txt": "a ____APP_NAME____ b\n__X___GREETING____ and ____GREETING____\n",
        "____APP_NAME____.txt": "name\n",
        "____GREETING____/In.txt": "in\n",
    ]

    /// A scratch folder holding the recipe `fix` under `T`, from `files`.
    static func recipe(_ files: [String: String]) throws -> URL {
        let root = try TestScratch.makeFolder("stamped-value")
        let manifest = TestManifest.header(name: "fix", summary: "Values beside underscores.") + "\n" + greeting
        try TestManifest.writeRecipe(at: root.appendingPathComponent("T/fix"), manifest: manifest, files: files)
        return root
    }

    static func prepare(in root: URL, appName: String, settings: [(key: String, value: String)]) throws(GenerationFailure) -> GenerationPipeline.Prepared {
        let catalog: TemplateCatalog
        do {
            catalog = try TemplateCatalog.locate(option: "T", environment: [:], executablePath: nil, workingDirectory: root.path)
        } catch {
            throw GenerationFailure(.noRecipe, error.message)
        }
        let request = GenerationPipeline.Request(
            recipe: "fix", appName: appName, bundleID: "com.example.abc", folder: "p", settings: settings, workingDirectory: root.path
        )
        return try GenerationPipeline.prepare(request, catalog: catalog)
    }

    static func text(_ path: String, in root: URL) -> String? {
        (try? Data(contentsOf: root.appendingPathComponent("p/" + path))).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func anAllCapitalsAppNameAndSetValueBetweenUnderscoresAreWritten() throws {
        let root = try Self.recipe(Self.besideUnderscores)
        defer { try? FileManager.default.removeItem(at: root) }
        let prepared = try Self.prepare(in: root, appName: "ABC", settings: [("greeting", "HI2")])
        #expect(try GenerationPipeline.dryRun(prepared) > 0, "the dry run finds no leftover either")
        _ = try GenerationPipeline.write(prepared, generator: "duo-new test", interruption: nil)
        #expect(Self.text("Body.txt", in: root) == "a __ABC__ b\n__X_HI2__ and __HI2__\n")
        #expect(Self.text("__ABC__.txt", in: root) == "name\n")
        #expect(Self.text("__HI2__/In.txt", in: root) == "in\n")
    }

    /// The negative: `__APP_NAME____FOO__` stamps to `ABC__FOO__`, and `__FOO__` is the
    /// template's own, refused by the write and the dry run alike at the template's column.
    @Test func anUndeclaredTokenBesideAValueIsStillRefused() throws {
        let root = try Self.recipe(["Body.txt": "fine ____APP_NAME____\nbad __APP_NAME____FOO__ __BAR____GREETING____\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let prepared = try Self.prepare(in: root, appName: "ABC", settings: [("greeting", "HI2")])
        let expected = [
            WriteError.Leftover(path: "Body.txt", line: 2, column: 17, token: "__FOO__"),
            WriteError.Leftover(path: "Body.txt", line: 2, column: 25, token: "__BAR__"),
        ]
        for attempt in ["write", "dry run"] {
            let result = Result { () throws(GenerationFailure) in
                if attempt == "write" {
                    _ = try GenerationPipeline.write(prepared, generator: "duo-new test", interruption: nil)
                } else {
                    _ = try GenerationPipeline.dryRun(prepared)
                }
            }
            guard case .failure(let failure) = result else {
                Issue.record("the \(attempt) wrote a token the template left")
                continue
            }
            #expect(failure.kind == .brokenRecipe, "\(attempt): \(failure.message)")
            #expect(failure.leftovers == expected, "\(attempt)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("p").path), "nothing is left behind")
    }

    @Test func anUndeclaredTokenBesideAValueInANameIsStillRefused() throws {
        let root = try Self.recipe(["__APP_NAME____FOO__.txt": "x\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let failure = #expect(throws: GenerationFailure.self) { try Self.prepare(in: root, appName: "ABC", settings: []) }
        #expect(failure?.kind == .brokenRecipe)
        #expect(failure?.diagnostics.map(\.message) == ["the name '__APP_NAME____FOO__.txt' still holds '__FOO__' after stamping; declare it under 'placeholders', list it under 'not-tokens' if it is meant to stay, or rename the file"])
    }

    /// Update stages the new version through the same writer and plan: a file and a name new in
    /// it, with the AppName and a `--set` value between underscores, are applied; a token the new
    /// version leaves beside a value is refused (78) and changes nothing.
    @Test func anUpdateWritesValuesBetweenUnderscoresAndRefusesATokenBesideOne() throws {
        let scene = try ProjectUpdateTests.Scene(files: ["a.txt": "one\n"], appName: "ABC")
        defer { try? FileManager.default.removeItem(at: scene.root) }
        var files = Self.besideUnderscores
        files["a.txt"] = "one\n"
        try scene.writeRecipe(version: "1.1.0", files: files, placeholders: Self.greeting)
        let outcome = try scene.update(settings: [("greeting", "HI2")]).result.get()
        #expect(outcome.applied)
        #expect(scene.text("Body.txt") == "a __ABC__ b\n__X_HI2__ and __HI2__\n")
        #expect(scene.text("__ABC__.txt") == "name\n")
        #expect(scene.text("__HI2__/In.txt") == "in\n")

        try scene.writeRecipe(version: "1.2.0", files: files.merging(["Body.txt": "__APP_NAME____FOO__\n"]) { $1 }, placeholders: Self.greeting)
        let before = try UpdateFixture.snapshot(of: scene.project)
        guard case .failure(let failure) = scene.update().result else {
            Issue.record("the update applied a token the template left")
            return
        }
        #expect(failure.kind == .brokenRecipe, "\(failure.message)")
        #expect(failure.leftovers.map(\.token) == ["__FOO__"])
        #expect(try UpdateFixture.snapshot(of: scene.project) == before, "a refused update changes nothing")
    }
}
