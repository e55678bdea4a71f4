import Foundation
import Testing

/// The package's shape, read from its source tree (docs/architecture.md): no Swift file under
/// Sources/ over 400 lines; no function over 80 lines, except a message table (a `switch`
/// returning strings) marked with the comment `// architecture: message table`; nothing in
/// DuoNewCore touches the file system, a process or the environment; Package.swift's graph and
/// every `import` follow the stack DuoNewCore → DuoNewKit → DuoNewCLI → duo-new, the core
/// depending on CYaml alone; Sources/duo-new is one short main.swift. Each failure names the
/// file, the line and the rule. The second half feeds each rule a broken example, so each is
/// seen to fail.
@Suite struct ArchitectureTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Functions allowed over the limit while a branch splits them, each with the branch; empty
    /// since the redesign's branches were merged. An entry whose function is back under the
    /// limit fails the test, so the list cannot outlive its reason.
    static let functionsBeingSplit: [String: String] = [:]

    static func sources() throws -> [ArchitectureRules.SourceFile] {
        let folder = repository.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { path in
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            return ArchitectureRules.SourceFile(path: "Sources/\(path)", text: text)
        }
    }

    // MARK: - The tree

    @Test func readsEveryTarget() throws {
        let files = try Self.sources()
        for target in ArchitectureRules.stack {
            #expect(files.contains { $0.path.hasPrefix("Sources/\(target)/") }, "no Swift file under Sources/\(target)")
        }
        // A file the scan misreads would hide its functions from the limit below.
        let unreadable = ArchitectureRules.unreadableFiles(files)
        #expect(unreadable.isEmpty, "\(unreadable.joined(separator: "\n"))")
    }

    @Test func noSourceFileIsOverTheLineLimit() throws {
        let long = ArchitectureRules.longFiles(try Self.sources())
        #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    }

    @Test func noFunctionIsOverTheLineLimit() throws {
        let long = ArchitectureRules.longFunctions(try Self.sources())
        let unlisted = long.filter { Self.functionsBeingSplit[$0.key] == nil }.map(\.message)
        #expect(unlisted.isEmpty, "\(unlisted.joined(separator: "\n"))")
        let done = Self.functionsBeingSplit.keys.filter { key in !long.contains { $0.key == key } }.sorted()
        #expect(done.isEmpty, "within the limit now, so remove from ArchitectureTests.functionsBeingSplit: \(done.joined(separator: ", "))")
    }

    @Test func coreTouchesNoFileSystemProcessOrEnvironment() throws {
        let uses = ArchitectureRules.coreInput(try Self.sources())
        #expect(uses.isEmpty, "\(uses.joined(separator: "\n"))")
    }

    @Test func noTargetImportsOneAboveIt() throws {
        let imports = ArchitectureRules.upwardImports(try Self.sources())
        #expect(imports.isEmpty, "\(imports.joined(separator: "\n"))")
    }

    @Test func packageGraphIsTheStack() throws {
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = ArchitectureRules.packageTargets(manifest)
        // The reading itself: every target of the stack is found, with what it depends on.
        #expect(Set(ArchitectureRules.stack).isSubset(of: Set(targets.map(\.name))), "found only \(targets.map(\.name))")
        #expect(targets.first { $0.name == "DuoNewKit" }?.dependencies.contains("DuoNewCore") == true)
        let breaks = ArchitectureRules.packageGraph(manifest)
        #expect(breaks.isEmpty, "\(breaks.joined(separator: "\n"))")
    }

    @Test func executableIsOneShortMain() throws {
        let folder = Self.repository.appendingPathComponent("Sources/duo-new")
        let entries = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        let main = try? String(contentsOf: folder.appendingPathComponent("main.swift"), encoding: .utf8)
        let breaks = ArchitectureRules.executable(entries: entries, main: main)
        #expect(breaks.isEmpty, "\(breaks.joined(separator: "\n"))")
    }

    // MARK: - Each rule fails on a broken example

    static func file(_ path: String, _ text: String) -> ArchitectureRules.SourceFile {
        ArchitectureRules.SourceFile(path: path, text: text)
    }

    static func function(_ name: String, lines: Int, marker: String? = nil, body: String = "let x = 1") -> String {
        let inner = Array(repeating: "        \(body)", count: lines - 2).joined(separator: "\n")
        return (marker.map { "    // \($0)\n" } ?? "") + "    func \(name)() -> String {\n\(inner)\n    }\n"
    }

    @Test func longFileIsReported() {
        let text = String(repeating: "let x = 1\n", count: 401)
        #expect(ArchitectureRules.longFiles([Self.file("Sources/DuoNewKit/Big.swift", text)])
            == ["Sources/DuoNewKit/Big.swift: 401 lines, over the 400-line limit for a file; split it by concern"])
        #expect(ArchitectureRules.longFiles([Self.file("Sources/DuoNewKit/Big.swift", String(text.dropFirst(10)))]).isEmpty)
    }

    @Test func longFunctionIsReportedWithItsFileLineAndName() {
        let text = "struct S {\n" + Self.function("long", lines: 81) + Self.function("short", lines: 80) + "}\n"
        let found = ArchitectureRules.longFunctions([Self.file("Sources/DuoNewKit/S.swift", text)])
        #expect(found.map(\.key) == ["Sources/DuoNewKit/S.swift: long"])
        #expect(found.first?.message.hasPrefix("Sources/DuoNewKit/S.swift:2: 'long' is 81 lines, over the 80-line limit") == true)
    }

    @Test func bracesInStringsCommentsAndRegexesDoNotEndAFunction() {
        // Every `}` here is inside a literal or a comment: the function runs to its last line.
        let body = ##"let a = "}", b = #"}"#, c = /}{2}/, d = "\(["}"].count)" // }"##
        let text = Self.function("tricky", lines: 90, body: body) + "/* } /* } */ } */\nlet e = \"\"\"\n}\n\"\"\"\n"
        let scan = SwiftSourceScan(text)
        #expect(scan.functions.map(\.lines) == [90])
        #expect(ArchitectureRules.unreadableFiles([Self.file("Sources/X.swift", text)]).isEmpty)
        #expect(ArchitectureRules.unreadableFiles([Self.file("Sources/X.swift", "func f() { \n")]).count == 1)
    }

    @Test func markedMessageTableIsExemptAndOnlyAMessageTable() {
        let marker = ArchitectureRules.messageTableMarker
        let table = "    // \(marker)\n    var message: String {\n        switch self {\n"
            + Array(repeating: "        case .a: return \"a\"", count: 90).joined(separator: "\n") + "\n        }\n    }\n"
        #expect(ArchitectureRules.longFunctions([Self.file("Sources/DuoNewCore/P.swift", table)]).isEmpty)
        // Unmarked, the same table counts.
        let unmarked = table.replacingOccurrences(of: "// \(marker)", with: "// the messages")
        #expect(ArchitectureRules.longFunctions([Self.file("Sources/DuoNewCore/P.swift", unmarked)]).count == 1)
        // Marked, but a loop is no message table.
        let loop = Self.function("work", lines: 90, marker: marker, body: "for i in 0..<3 { print(i) }")
        let found = ArchitectureRules.longFunctions([Self.file("Sources/DuoNewCore/P.swift", loop)])
        #expect(found.count == 1 && found[0].message.contains("not a switch returning strings"))
    }

    @Test func coreInputIsReported() {
        let uses = [
            "let m = FileManager.default", "let fd = open(path, O_RDONLY)", "_ = stat(path, &info)",
            "let p = Process()", "let e = ProcessInfo.processInfo.environment", "_ = getenv(\"HOME\")",
            "_ = setenv(\"A\", \"b\", 1)", "let h = FileHandle.standardInput", "let d = try Data(contentsOf: url)",
            "let s = try String(contentsOfFile: path)", "import Glibc", "import Darwin", "import Dispatch",
            "DispatchQueue.main.async {}", "_ = unlink(path)", "_ = write(1, p, n)", "_ = read(0, p, n)",
        ]
        for (index, line) in uses.enumerated() {
            let found = ArchitectureRules.coreInput([Self.file("Sources/DuoNewCore/F\(index).swift", line + "\n")])
            #expect(found.count == 1, "\(line): \(found)")
            #expect(found.first?.hasPrefix("Sources/DuoNewCore/F\(index).swift:1: uses ") == true)
        }
        // Methods, declarations, labels and the same words in strings and comments are no I/O;
        // nor is any of it outside the core.
        let fine = "func read(_ b: [UInt8]) {}\nenum E { case symlink(target: String) }\nx.open(y)\nbuffer.append(contentsOf: z)\nlet s = \"FileManager open(\"\n// Process\n"
        #expect(ArchitectureRules.coreInput([Self.file("Sources/DuoNewCore/Fine.swift", fine)]).isEmpty)
        #expect(ArchitectureRules.coreInput([Self.file("Sources/DuoNewKit/IO.swift", uses.joined(separator: "\n"))]).isEmpty)
    }

    @Test func upwardImportIsReported() {
        let files = [
            Self.file("Sources/DuoNewCore/A.swift", "import Foundation\nimport DuoNewKit\n"),
            Self.file("Sources/DuoNewKit/B.swift", "import DuoNewCore\n@testable import DuoNewCLI\n"),
            Self.file("Sources/DuoNewCLI/C.swift", "import DuoNewKit\nimport DuoNewCore\n"),
        ]
        #expect(ArchitectureRules.upwardImports(files).map { $0.prefix(while: { $0 != " " }) }
            == ["Sources/DuoNewCore/A.swift:2:", "Sources/DuoNewKit/B.swift:2:"])
    }

    @Test func packageGraphBreaksAreReported() {
        let sound = """
            let package = Package(name: "p", targets: [
                // .target(name: "DuoNewCore", dependencies: ["DuoNewKit"]),
                .target(name: "DuoNewCore", dependencies: ["CYaml"]),
                .target(name: "DuoNewKit", dependencies: ["DuoNewCore", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
                .target(name: "DuoNewCLI", dependencies: ["DuoNewKit", "DuoNewCore"]),
            ])
            """
        #expect(ArchitectureRules.packageGraph(sound).isEmpty)
        #expect(ArchitectureRules.packageTargets(sound).map(\.dependencies) == [["CYaml"], ["DuoNewCore", "CCrypto"], ["DuoNewKit", "DuoNewCore"]])
        let coreWithMore = sound.replacingOccurrences(of: "[\"CYaml\"]", with: "[\"CYaml\", .product(name: \"X\", package: \"x\")]")
        #expect(ArchitectureRules.packageGraph(coreWithMore)
            == ["Package.swift: DuoNewCore depends on 'CYaml', 'X'; the core depends on 'CYaml' (libyaml) alone"])
        let kitOnCLI = sound.replacingOccurrences(of: "[\"DuoNewCore\", .target", with: "[\"DuoNewCore\", \"DuoNewCLI\", .target")
        #expect(ArchitectureRules.packageGraph(kitOnCLI)
            == ["Package.swift: DuoNewKit depends on DuoNewCLI, a target above it; the stack is DuoNewCore → DuoNewKit → DuoNewCLI → duo-new"])
    }

    @Test func executableBreaksAreReported() {
        let short = "import DuoNewCLI\n\nCommandLineTool.runAsProcess()\n"
        #expect(ArchitectureRules.executable(entries: ["main.swift"], main: short).isEmpty)
        #expect(ArchitectureRules.executable(entries: ["main.swift", "Helpers.swift"], main: short)
            == ["Sources/duo-new/Helpers.swift: the executable target holds main.swift alone; put this in DuoNewCLI"])
        let long = short + String(repeating: "print(1)\n", count: 8)
        #expect(ArchitectureRules.executable(entries: ["main.swift"], main: long)
            == ["Sources/duo-new/main.swift: 11 lines, over 10; it makes one call into DuoNewCLI, which does the rest"])
    }
}
