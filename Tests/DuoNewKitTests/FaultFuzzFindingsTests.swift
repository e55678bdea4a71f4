import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Inputs the fuzzers (Fuzz/run.sh) found to break a promise, kept so the fix stays fixed.
@Suite("Fault: fuzzer findings")
struct FaultFuzzFindingsTests {
    static let context = NameContext(
        topLevelNames: ["Tools", "__APP_NAME__", "__APP_NAME__UITests"],
        reservedNames: ["Sitter"],
        declaredTypes: ["S"],
        appNameToken: "__APP_NAME__"
    )

    /// name-rules: a suggested AppName must pass the rules itself, or be left out.
    @Test("an AppName suggestion that would break another rule is withheld", arguments: [
        ("tip-kit", "app-name.characters"),      // → TipKit, a module
        ("--protocol", "app-name.characters"),   // → Protocol, a keyword
        ("sitter!", "app-name.characters"),      // → Sitter, reserved by the template
        ("S;", "app-name.characters"),           // → S, a type the template declares
    ])
    func appNameSuggestionsPass(name: String, rule: String) throws {
        let error = try #require(throws: NameError.self) { try NameRules.checkAppName(name, context: Self.context) }
        #expect(error.rule == rule)
        if let suggestion = error.suggestion {
            #expect(throws: Never.self, "'\(name)' suggests '\(suggestion)'") { try NameRules.checkAppName(suggestion, context: Self.context) }
        }
    }

    @Test func tipKitSuggestionIsWithheldRatherThanWrong() throws {
        let error = try #require(throws: NameError.self) { try NameRules.checkAppName("tip-kit", context: Self.context) }
        #expect(error.suggestion == nil)
    }

    /// name-rules: replacing characters keeps a long id long, so the fix was itself refused.
    @Test func tooLongBundleIDGetsNoSuggestionThatIsTooLong() throws {
        let id = "com.example." + String(repeating: "my_app", count: 30)
        let error = try #require(throws: NameError.self) { try NameRules.checkBundleID(id) }
        #expect(error.rule == "bundle-id.characters")
        #expect(error.suggestion == nil)
        // A short one still gets its fix.
        let short = try #require(throws: NameError.self) { try NameRules.checkBundleID("com.example.my_app") }
        #expect(short.suggestion == "com.example.my-app")
    }

    /// name-rules: two fixed top-level names that differ only in case refused every AppName,
    /// naming an unrelated entry as the clash.
    @Test func caseTwinsInTheTemplateDoNotRefuseAnUnrelatedAppName() throws {
        let context = NameContext(topLevelNames: ["Docs", "docs", "__APP_NAME__"], appNameToken: "__APP_NAME__")
        try NameRules.checkAppName("Sitter", context: context)
        #expect(throws: NameError.self) { try NameRules.checkAppName("DOCS", context: context) }
    }

    // MARK: - The declaration scanner, rewritten to stream (the benchmark's hot spot)

    @Test func declarationSplitAcrossReadsIsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Put `struct Straddle` across the scanner's chunk boundary, with a comment and a string before it.
        var text = "// struct InComment\nlet s = \"class InString\"\n"
        text += String(repeating: " ", count: SwiftDeclarations.chunkSize - text.utf8.count - 3) + "struct Straddle {}\n"
        text += "/* enum " + String(repeating: "x", count: SwiftDeclarations.chunkSize) + " */ enum After {}\n"
        let file = folder.appendingPathComponent("Big.swift")
        try Data(text.utf8).write(to: file)
        #expect(SwiftDeclarations.typeNames(inFileAt: file.path) == ["Straddle", "After"])
        #expect(SwiftDeclarations.typeNames(in: text) == ["Straddle", "After"])
    }

    @Test func endlessIdentifierIsNotKept() {
        let long = String(repeating: "A", count: SwiftDeclarations.longestKeptName + 1)
        #expect(SwiftDeclarations.typeNames(in: "struct \(long) {}\nstruct Short {}") == ["Short"])
    }

    @Test func scanForOneAppNameReadsOnlyFilesThatMentionIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-fault-\(UUID().uuidString)")
        let tree = folder.appendingPathComponent("template/Sources")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("struct Sitter {}\nstruct Other {}\n".utf8).write(to: tree.appendingPathComponent("A.swift"))
        try Data("struct Unrelated {}\n".utf8).write(to: tree.appendingPathComponent("B.swift"))
        let manifest = Manifest(name: "r", summary: "s", version: "1.0.0", placeholders: [])
        let all = NameContext.scan(tree: folder.appendingPathComponent("template"), manifest: manifest)
        #expect(all.declaredTypes == ["Sitter", "Other", "Unrelated"])
        let targeted = NameContext.scan(tree: folder.appendingPathComponent("template"), manifest: manifest, appName: "Sitter")
        #expect(targeted.declaredTypes.contains("Sitter"))
        #expect(!targeted.declaredTypes.contains("Unrelated"))
        #expect(throws: NameError.self) { try NameRules.checkAppName("Sitter", context: targeted) }
    }

    /// The search opens each folder once and reads files by name from it, 64 KiB at a time: a
    /// mention split across two reads, files in several folders and in the tree's top, and a
    /// folder holding nothing but another folder are all found.
    @Test func scanFindsMentionsAcrossReadsAndFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-fault-\(UUID().uuidString)")
        let tree = folder.appendingPathComponent("template")
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = ["", "A", "A/B", "C/D/E", "F"]
        for (index, place) in places.enumerated() {
            let dir = place.isEmpty ? tree : tree.appendingPathComponent(place)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data("struct Plain\(index) {}\n".utf8).write(to: dir.appendingPathComponent("Plain\(index).swift"))
        }
        // "Sitter" starts three bytes before the first read's end.
        let straddling = String(repeating: " ", count: (1 << 16) - 3) + "Sitter\nstruct Deep {}\n"
        try Data(straddling.utf8).write(to: tree.appendingPathComponent("C/D/E/Straddle.swift"))
        try Data("struct Top { let name = \"Sitter\" }\n".utf8).write(to: tree.appendingPathComponent("Top.swift"))
        try Data("struct Other { let name = \"Sitter\" }\n".utf8).write(to: tree.appendingPathComponent("A/Other.swift"))
        let manifest = Manifest(name: "r", summary: "s", version: "1.0.0", placeholders: [])
        let targeted = NameContext.scan(tree: tree, manifest: manifest, appName: "Sitter")
        #expect(targeted.declaredTypes == ["Deep", "Top", "Other"])
        let all = NameContext.scan(tree: tree, manifest: manifest)
        #expect(all.declaredTypes == Set(places.indices.map { "Plain\($0)" } + ["Deep", "Top", "Other"]))
    }

    /// The search finds every file's types across folders; an empty tree gives an empty result.
    @Test func searchFindsEveryFilesTypes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-fault-\(UUID().uuidString)")
        let tree = folder.appendingPathComponent("template")
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: Set<String> = []
        for index in 0..<83 {
            let dir = tree.appendingPathComponent("F\(index % 4)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data("struct T\(index) {}\n".utf8).write(to: dir.appendingPathComponent("T\(index).swift"))
            expected.insert("T\(index)")
        }
        #expect(SourceSearch(tree: tree, appName: nil).result().declaredTypes == expected)
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(SourceSearch(tree: empty, appName: "Sitter").result().declaredTypes.isEmpty)
    }

    /// A search given the tree's listing finds what a search reading the folders itself finds:
    /// the same types in the same files, the same top-level names; Swift files in the top, deep
    /// down, beside folders, links to Swift files and files of other kinds included.
    @Test func searchFromAListingFindsWhatReadingTheFoldersFinds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-fault-\(UUID().uuidString)")
        let tree = folder.appendingPathComponent("template")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "Top.swift": "struct Top { let name = \"Sitter\" }\n",
            "A/One.swift": "struct One { let name = \"Sitter\" }\n",
            "A/B/Two.swift": "enum Two { case sitter } // Sitter\n",
            "A/Three.swift": "class Three { let name = \"Sitter\" }\n",
            "A/Quiet.swift": "struct Quiet {}\n",
            "A/notes.txt": "struct NotSwift { let name = \"Sitter\" }\n",
            ".hidden/Four.swift": "struct Four { let name = \"Sitter\" }\n",
        ]
        for (path, text) in files {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("A/Link.swift").path, withDestinationPath: "One.swift")
        let listing = try TreeReader.read(tree: tree)
        for appName in ["Sitter", nil] as [String?] {
            let walked = SourceSearch(tree: tree, appName: appName).result()
            let listed = SourceSearch(tree: tree, appName: appName, listing: listing).result()
            #expect(listed.typesByFile == walked.typesByFile, "\(appName ?? "no AppName")")
            #expect(listed.topLevelNames.sorted() == walked.topLevelNames.sorted())
        }
        #expect(SourceSearch(tree: tree, appName: "Sitter", listing: listing).result().declaredTypes == ["Top", "One", "Two", "Three", "Four"])
    }
}
