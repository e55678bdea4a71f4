@testable import DuoNewCore
import Testing

/// Planning a tree listing into writes, on values: no disk.
@Suite("Planning")
struct PlanTests {
    static let manifest = Manifest(
        name: "sample",
        summary: "Sample.",
        version: "1.0.0",
        placeholders: [
            Placeholder(name: "APP_NAME", source: .appName),
            Placeholder(name: "FOLDER", source: .setting(key: "folder", defaultValue: "Extras", pattern: nil)),
        ],
        verbatim: [Glob("**/*.png")],
        exclude: [Glob(".build"), Glob("**/*.tmp")]
    )
    static let values = ["APP_NAME": "Sitter", "FOLDER": "Extras"]

    static func file(_ path: String, size: Int64 = 10, mode: UInt16 = 0o644) -> TreeEntry {
        TreeEntry(path: path, kind: .file(size: size), mode: mode)
    }

    static func folder(_ path: String) -> TreeEntry {
        TreeEntry(path: path, kind: .directory, mode: 0o755)
    }

    static func plan(_ entries: [TreeEntry], values: [String: String] = values) throws(PlanError) -> Plan {
        try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: entries), manifest: manifest, values: values)
    }

    /// Why `entries` cannot be planned with `manifest`, or nil when they can.
    static func refusal(_ entries: [TreeEntry], manifest: Manifest) -> PlanError? {
        do {
            _ = try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: entries), manifest: manifest, values: values)
            return nil
        } catch {
            return error
        }
    }

    /// A folder whose every entry a condition or `exclude` leaves out is not written either: no
    /// empty `Docker/` for `docker: false`. A folder empty in the tree itself stays, and so does
    /// one holding only such a folder.
    @Test func aFolderEveryEntryOfWhichIsLeftOutIsNotWritten() throws {
        var manifest = Self.manifest
        manifest.placeholders.append(Placeholder(name: "DOCKER", source: .setting(key: "docker", defaultValue: "false", pattern: nil), type: .bool))
        manifest.includeIf = [
            PathCondition(path: "Docker/Dockerfile", condition: .flag(.init("DOCKER", offset: 0)), text: "DOCKER"),
            PathCondition(path: "Deploy/Docker/compose.yaml", condition: .flag(.init("DOCKER", offset: 0)), text: "DOCKER"),
        ]
        let entries = [
            Self.folder("Deploy"), Self.folder("Deploy/Docker"), Self.file("Deploy/Docker/compose.yaml"),
            Self.folder("Docker"), Self.file("Docker/Dockerfile"),
            Self.folder("Empty"), Self.folder("Outer"), Self.folder("Outer/Inner"),
            Self.folder("Scratch"), Self.file("Scratch/a.tmp"), Self.file("README.md"),
        ]
        let plan = { (docker: String) in
            try Planner.plan(listing: TreeListing(entries: entries), manifest: manifest, values: Self.values.merging(["DOCKER": docker]) { _, new in new })
                .writes.map(\.destination)
        }
        #expect(try plan("false") == ["Empty", "Outer", "Outer/Inner", "README.md"])
        #expect(try plan("true") == [
            "Deploy", "Deploy/Docker", "Deploy/Docker/compose.yaml", "Docker", "Docker/Dockerfile", "Empty", "Outer", "Outer/Inner", "README.md",
        ])
    }

    /// A secret's token in a name, a `rename` target or a link's target is the recipe's fault
    /// (78): names are recorded and listed, the secret with them.
    @Test func aSecretsTokenInANameOrALinkTargetIsRefused() {
        var manifest = Self.manifest
        var secret = Placeholder(name: "API_KEY", source: .setting(key: "api-key", defaultValue: nil, pattern: nil))
        secret.secret = true
        manifest.placeholders.append(secret)
        manifest.rename = ["a.txt": "b-__API_KEY__.txt"]
        let entries = [
            Self.file("key-__API_KEY__.txt"), Self.file("a.txt"), Self.file("plain.txt"),
            TreeEntry(path: "link", kind: .symlink(target: "__API_KEY__"), mode: 0o777),
        ]
        var values = Self.values
        values["API_KEY"] = "sekrit"
        do {
            _ = try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: entries), manifest: manifest, values: values)
            Issue.record("planned")
        } catch {
            #expect(error.problems.count == 3, "\(error.problems)")
            #expect(error.problems.allSatisfy { $0.isTemplateProblem && !$0.message.contains("sekrit") }, "\(error.problems)")
            #expect(error.problems.contains(.secretInName(path: "b-__API_KEY__.txt", token: "__API_KEY__", isLinkTarget: false)))
            #expect(error.problems.contains(.secretInName(path: "link", token: "__API_KEY__", isLinkTarget: true)))
        }
    }

    /// A `rename` entry written the wrong way round (the project's name first, as a ported
    /// template names it) is refused with the entry it should be.
    @Test func aRenameWrittenTheWrongWayRoundSaysSo() {
        var manifest = Self.manifest
        manifest.rename = ["LICENSE": "LICENSE-MIT"]
        if let error = Self.refusal([Self.file("LICENSE-MIT"), Self.file("a.txt")], manifest: manifest) {
            #expect(error.problems.map(\.message) == ["'LICENSE' in 'rename' is not a file of the tree (or 'exclude' leaves it out), but 'LICENSE-MIT', the name it is to be written as, is; a 'rename' entry is the tree's file, then the project's name: if it is the wrong way round, write 'LICENSE-MIT: LICENSE', else fix the path or remove the entry"])
            #expect(error.isTemplateProblem)
        } else {
            Issue.record("planned")
        }
    }

    /// An excluded file is never written: renaming it is refused as lint refuses it.
    @Test func renamingAnExcludedFileIsRefused() {
        var manifest = Self.manifest
        manifest.rename = ["notes.tmp": "notes.txt"]
        if let error = Self.refusal([Self.file("notes.tmp"), Self.file("a.txt")], manifest: manifest) {
            #expect(error.problems == [.renamedPathMissing("notes.tmp")])
            #expect(error.isTemplateProblem)
        } else {
            Issue.record("planned")
        }
    }

    /// A file renamed onto a name a value makes, clashing with another file: the value's
    /// fault (65), as the same clash without the rename is.
    @Test func aClashMadeByAValueThroughARenameIsTheValues() {
        var manifest = Self.manifest
        manifest.rename = ["i.txt": "__APP_NAME__"]
        do {
            _ = try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: [Self.file("Tools"), Self.file("i.txt")]), manifest: manifest, values: ["APP_NAME": "Tools", "FOLDER": "x"])
            Issue.record("planned")
        } catch {
            #expect(error.problems == [.namesCollide(first: "Tools", second: "__APP_NAME__", stamped: "Tools")])
            #expect(!error.isTemplateProblem)
        }
    }

    /// A rename onto a name duo-new keeps for itself is the recipe's fault (78): no value made it.
    @Test func aRenameOntoAReservedNameIsTheRecipes() {
        var manifest = Self.manifest
        manifest.rename = ["notes.md": "GENERATION-CHECKS.md"]
        do {
            _ = try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: [Self.file("notes.md")]), manifest: manifest, values: Self.values)
            Issue.record("planned")
        } catch {
            #expect(error.isTemplateProblem, "\(error.problems)")
            #expect(error.problems.first?.message.hasPrefix("the recipe writes a file as 'GENERATION-CHECKS.md'") == true, "\(error.problems)")
        }
    }

    /// A rename onto the record's name is the recipe's fault too, and the message names the
    /// `rename` target, not the file renamed as if that file were the record.
    @Test func aRenameOntoTheRecordNamesTheRenameTarget() {
        var manifest = Self.manifest
        manifest.rename = ["notes.md": ".Duo-New.json"]
        do {
            _ = try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: [Self.file("notes.md")]), manifest: manifest, values: Self.values)
            Issue.record("planned")
        } catch {
            #expect(error.isTemplateProblem, "\(error.problems)")
            #expect(error.problems.map(\.path) == [".Duo-New.json"])
            #expect(error.problems.first?.message == "the recipe writes a file as '.Duo-New.json', where duo-new records what generated the project, a name duo-new keeps for itself in every project; write it under another name")
        }
    }

    @Test func stampsNamesAndKeepsModesAndOrder() throws {
        let plan = try Self.plan([
            Self.folder("__APP_NAME__"),
            Self.file("__APP_NAME__/__APP_NAME__App.swift", size: 100),
            Self.file("Tools/run.sh", size: 20, mode: 0o755),
        ])
        #expect(plan.writes.map(\.destination) == ["Sitter", "Sitter/SitterApp.swift", "Tools/run.sh"])
        #expect(plan.writes.map(\.source) == ["__APP_NAME__", "__APP_NAME__/__APP_NAME__App.swift", "Tools/run.sh"])
        #expect(plan.writes.map(\.mode) == [0o755, 0o644, 0o755])
        #expect(plan.fileCount == 2)
        #expect(plan.sourceBytes == 120)
        #expect(plan.rootMode == 0o750)
    }

    @Test func marksVerbatimFilesAndLeavesTheRestToDetection() throws {
        let plan = try Self.plan([Self.file("Assets/icon.png"), Self.file("Assets/data.json")])
        #expect(plan.writes.map(\.kind) == [.file(.verbatim, size: 10), .file(.textUnlessBinary, size: 10)])
    }

    @Test func leavesOutExcludedEntriesAndWhatIsBelowThem() throws {
        let plan = try Self.plan([
            Self.folder(".build"), Self.file(".build/cache"), Self.file("notes.tmp"), Self.file("deep/er/x.tmp"), Self.file("kept.txt"),
        ])
        #expect(plan.writes.map(\.destination) == ["kept.txt"])
    }

    @Test func leavesOutFileManagerDroppingsWithoutAnExclude() throws {
        let plan = try Self.plan([
            Self.file(".DS_Store"), Self.file("Assets/.DS_Store"), Self.file("Assets/Thumbs.db"), Self.file("Assets/desktop.ini"), Self.file("Assets/kept.json"),
        ])
        #expect(plan.writes.map(\.destination) == ["Assets/kept.json"])
    }

    @Test func stampsLinkTargetsThatStayInside() throws {
        let plan = try Self.plan([TreeEntry(path: "Docs/link", kind: .symlink(target: "../__APP_NAME__/Info.txt"), mode: 0o777)])
        #expect(plan.writes.first?.kind == .symlink(target: "../Sitter/Info.txt"))
    }

    @Test("refuses links leaving the tree", arguments: ["/etc/passwd", "../../outside", "../Docs/../../x", "a/../../../b", ""])
    func refusesLinksLeavingTheTree(target: String) {
        #expect(throws: PlanError(problems: [.symlinkLeavesTree(path: "Docs/link", target: target)])) {
            try Self.plan([TreeEntry(path: "Docs/link", kind: .symlink(target: target), mode: 0o777)])
        }
    }

    @Test func refusesUndecodableNamesAndSpecialFiles() {
        let listing = TreeListing(entries: [TreeEntry(path: "pipe", kind: .unsupported("FIFO"), mode: 0o644)], undecodableNames: ["caf\\xE9.txt"])
        #expect(throws: PlanError(problems: [.undecodableName(path: "caf\\xE9.txt"), .unsupportedEntry(path: "pipe", kind: "FIFO")])) {
            try Planner.plan(listing: listing, manifest: Self.manifest, values: Self.values)
        }
    }

    @Test func refusesTokensLeftInNames() throws {
        do {
            _ = try Self.plan([Self.folder("__TEAM__"), Self.file("__TEAM__/a.txt")])
            Issue.record("planned a name with a leftover token")
        } catch {
            #expect(error.problems == [.leftoverTokenInName(path: "__TEAM__", token: "__TEAM__", meant: nil)], "one problem, not one per child")
            #expect(error.isTemplateProblem)
        }
    }

    /// The scan looks at the stamped name of every entry, however deep: a token in a file's
    /// own name below an ordinary folder is caught too.
    @Test(arguments: ["Sources/__TEAM__.swift", "Sources/Deep/Er/__TEAM__Info.plist"])
    func refusesATokenLeftInANestedName(path: String) {
        #expect(throws: PlanError(problems: [.leftoverTokenInName(path: path, token: "__TEAM__", meant: nil)])) {
            try Self.plan([Self.folder("Sources"), Self.file(path)])
        }
    }

    /// An exclude naming a folder by its path (`Docs/drafts`) leaves out the folder and all below it.
    @Test func excludedFolderPathLeavesOutWhatIsBelowIt() throws {
        let manifest = Manifest(
            name: "sample", summary: "Sample.", version: "1.0.0",
            placeholders: [Placeholder(name: "APP_NAME", source: .appName)],
            exclude: [Glob("Docs/drafts")]
        )
        let listing = TreeListing(entries: [
            Self.folder("Docs"), Self.folder("Docs/drafts"), Self.file("Docs/drafts/a.md"),
            Self.folder("Docs/drafts/old"), Self.file("Docs/drafts/old/b.md"), Self.file("Docs/keep.md"),
        ])
        let plan = try Planner.plan(listing: listing, manifest: manifest, values: Self.values)
        #expect(plan.writes.map(\.destination) == ["Docs", "Docs/keep.md"])
    }

    @Test("refuses a value that makes a name unusable", arguments: ["..", ".", "a/b"])
    func refusesValuesThatBreakNames(value: String) {
        var values = Self.values
        values["FOLDER"] = value
        do {
            _ = try Self.plan([Self.folder("__FOLDER__"), Self.file("__FOLDER__/x.txt")], values: values)
            Issue.record("planned '\(value)' as a name")
        } catch {
            #expect(error.problems == [.unusableStampedName(path: "__FOLDER__", stamped: value)])
            #expect(!error.isTemplateProblem, "the value is at fault: exit 65")
        }
    }

    @Test func refusesNamesThatCollideWithoutCase() {
        do {
            _ = try Self.plan([Self.file("__APP_NAME__.txt"), Self.file("sitter.txt")])
            Issue.record("planned two files that are one on macOS")
        } catch {
            #expect(error.problems == [.namesCollide(first: "__APP_NAME__.txt", second: "sitter.txt", stamped: "sitter.txt")])
            #expect(!error.isTemplateProblem)
        }
    }

    /// A name made unusable by the recipe's own value (a derived one reading no value the user
    /// chose, or a default nobody replaced) is the recipe's fault (78); one the user chose, given
    /// or read by a derived value, is theirs (65).
    @Test func aNameTheRecipesOwnValuesSpoilIsTheRecipesFault() {
        var manifest = Self.manifest
        manifest.placeholders.append(Placeholder(name: "SHELF", source: .derived(try! ExpressionParser.parse("'a/' + APP_NAME", key: "value"))))
        manifest.placeholders.append(Placeholder(name: "SLUG", source: .derived(try! ExpressionParser.parse("FOLDER | lower", key: "value"))))
        let shelf = PlanProblem.unusableStampedName(path: "__SHELF__.txt", stamped: "a/Sitter.txt")
        let folder = PlanProblem.unusableStampedName(path: "__FOLDER__", stamped: "..")
        let slug = PlanProblem.unusableStampedName(path: "__SLUG__", stamped: "..")
        #expect(shelf.isMadeByRecipe(manifest, given: []), "the recipe's '/' around a valid AppName")
        #expect(shelf.isMadeByRecipe(manifest, given: ["folder"]), "whatever else was given")
        #expect(folder.isMadeByRecipe(manifest, given: []), "a default nobody replaced")
        #expect(!folder.isMadeByRecipe(manifest, given: ["folder"]), "a value the user gave")
        #expect(!folder.isMadeByRecipe(manifest, given: nil), "not known who gave it: the user's")
        #expect(slug.isMadeByRecipe(manifest, given: []), "derived from a default nobody replaced")
        #expect(!slug.isMadeByRecipe(manifest, given: ["folder"]), "derived from a value the user gave")
        #expect(!PlanProblem.unusableStampedName(path: "__APP_NAME__", stamped: "x").isMadeByRecipe(manifest, given: []), "the AppName is the user's")
        #expect(PlanError(problems: [folder]).isRecipesFault(manifest, given: []) && !PlanError(problems: [folder]).isRecipesFault(manifest, given: ["folder"]))
    }

    /// A derived value that reads the AppName and meets a name the recipe fixed (`Docs` beside
    /// `__SHELF__`, the AppName's folder, for AppName `Docs`) is the user's to avoid with another
    /// AppName (65); two names that both hold values stay the recipe's to keep apart.
    @Test func aDerivedNameMeetingAFixedNameIsTheUsersAppName() {
        var manifest = Self.manifest
        manifest.placeholders.append(Placeholder(name: "SHELF", source: .derived(try! ExpressionParser.parse("APP_NAME", key: "value"))))
        manifest.placeholders.append(Placeholder(name: "LOWER", source: .derived(try! ExpressionParser.parse("APP_NAME | lower", key: "value"))))
        let fixed = PlanProblem.namesCollide(first: "Docs", second: "__SHELF__", stamped: "Docs")
        let bothStamped = PlanProblem.namesCollide(first: "__SHELF__", second: "__LOWER__", stamped: "docs")
        #expect(!fixed.isMadeByRecipe(manifest, given: []), "another AppName avoids the fixed name")
        #expect(bothStamped.isMadeByRecipe(manifest, given: []), "two derived names the recipe made to collide")
        #expect(PlanProblem.unusableStampedName(path: "__SHELF__/x", stamped: "a/b").isMadeByRecipe(manifest, given: []), "not a collision: the recipe's")
    }

    /// Two files `rename` writes under one name, both let in, are named by what they become.
    @Test func twoEntriesRenamedToOneNameAreTheRecipesFault() {
        var manifest = Self.manifest
        manifest.rename = ["b.txt": "a.txt"]
        guard let error = Self.refusal([Self.file("a.txt"), Self.file("b.txt")], manifest: manifest) else {
            Issue.record("planned two files as one")
            return
        }
        #expect(error.isTemplateProblem)
        let message = error.problems.first?.message ?? ""
        #expect(message.hasPrefix("'a.txt' and 'b.txt' would both be written as 'a.txt' (by a 'rename'") && !message.contains("choose another value"), "\(message)")
    }

    @Test func refusesTheRecordFileName() {
        #expect(throws: PlanError(problems: [.recordNameTaken(path: ".duo-new.json")])) {
            try Self.plan([Self.file(".duo-new.json")])
        }
    }

    /// What lint refuses generation refuses: a name duo-new keeps for itself in the tree is the
    /// recipe's fault (78), named once for a folder; a value that makes one is the user's (65).
    @Test func refusesTheNamesDuoNewKeepsForItself() {
        for (entries, problem) in [
            ([Self.file("GENERATION-CHECKS.md")], PlanProblem.reservedName(path: "GENERATION-CHECKS.md", use: ReservedProjectName.use(of: "GENERATION-CHECKS.md") ?? "")),
            ([Self.folder(".duo-new-update"), Self.file(".duo-new-update/journal")], .reservedName(path: ".duo-new-update", use: ReservedProjectName.use(of: ".duo-new-update") ?? "")),
            ([Self.file("Docs/notes.md.DUO-NEW")], .reservedName(path: "Docs/notes.md.DUO-NEW", use: ReservedProjectName.use(of: "x.duo-new") ?? "")),
        ] {
            do {
                _ = try Self.plan(entries)
                Issue.record("planned \(entries.map(\.path))")
            } catch {
                #expect(error.problems == [problem])
                #expect(error.isTemplateProblem)
            }
        }
        var values = Self.values
        values["FOLDER"] = ".duo-new-update"
        do {
            _ = try Self.plan([Self.folder("__FOLDER__"), Self.file("__FOLDER__/journal")], values: values)
            Issue.record("planned a folder over the update's work folder")
        } catch {
            #expect(error.problems.count == 1)
            guard case .stampedNameIsReserved(let path, let stamped, _, let givers) = error.problems.first else { Issue.record("\(error.problems)"); return }
            #expect(path == "__FOLDER__" && stamped == ".duo-new-update" && givers == ["the value of '--set folder'"])
            #expect(!error.isTemplateProblem)
        }
    }

    @Test func refusesARenameOfNothingInTheTree() {
        var manifest = Self.manifest
        manifest.rename = ["Nope.md": "Other.md", "Tools": "Kit"]
        do {
            _ = try Planner.plan(listing: TreeListing(rootMode: 0o750, entries: [Self.folder("Tools"), Self.file("Tools/run.sh")]), manifest: manifest, values: Self.values)
            Issue.record("planned a rename of nothing")
        } catch {
            #expect(error.problems == [.renamedPathMissing("Nope.md"), .renamedPathMissing("Tools")], "a folder is no file to rename")
            #expect(error.isTemplateProblem)
        }
    }

    @Test func resolvesValuesFromArgumentsSettingsAndDefaults() throws {
        let values = try PlaceholderValues.resolve(manifest: Self.manifest, appName: "Sitter", bundleID: "com.x.y", settings: [])
        #expect(values == ["APP_NAME": "Sitter", "FOLDER": "Extras"])
        let given = try PlaceholderValues.resolve(manifest: Self.manifest, appName: "Sitter", bundleID: "com.x.y", settings: [("folder", "More")])
        #expect(given["FOLDER"] == "More")
    }

    @Test func refusesUnknownRepeatedAndMissingSettings() {
        #expect(throws: PlaceholderValueError.unknownKey("foldr", suggestion: "folder", known: ["folder"])) {
            try PlaceholderValues.resolve(manifest: Self.manifest, appName: "A", bundleID: "a.b", settings: [("foldr", "x")])
        }
        #expect(throws: PlaceholderValueError.repeatedKey("folder")) {
            try PlaceholderValues.resolve(manifest: Self.manifest, appName: "A", bundleID: "a.b", settings: [("folder", "x"), ("folder", "y")])
        }
        var required = Self.manifest
        required.placeholders[1].source = .setting(key: "folder", defaultValue: nil, pattern: nil)
        #expect(throws: PlaceholderValueError.missingKeys([.init(key: "folder", description: nil)])) {
            try PlaceholderValues.resolve(manifest: required, appName: "A", bundleID: "a.b", settings: [])
        }
    }
}

extension PlanTests {
    @Test func refusesAValueThatMakesANameTooLongNamingTheValue() {
        var values = Self.values
        values["FOLDER"] = String(repeating: "x", count: 300)
        do {
            _ = try Self.plan([Self.folder("__FOLDER__"), Self.file("__FOLDER__/a.txt"), Self.file("__FOLDER__.md")], values: values)
            Issue.record("planned a 303-byte name")
        } catch {
            #expect(error.problems == [
                .stampedNameTooLong(path: "__FOLDER__", bytes: 300, limit: 255, isPath: false, values: ["the value of '--set folder'"]),
                .stampedNameTooLong(path: "__FOLDER__.md", bytes: 303, limit: 255, isPath: false, values: ["the value of '--set folder'"]),
            ])
            #expect(!error.isTemplateProblem, "the value is at fault: exit 65")
            #expect(error.problems[0].message == "the value of '--set folder' makes the name of '__FOLDER__' 300 bytes long, over the 255-byte limit of file systems; choose a shorter value")
        }
    }

    @Test func refusesAValueThatNamesAFileLikeTheRecord() {
        var values = Self.values
        values["FOLDER"] = "duo-new"
        do {
            _ = try Self.plan([Self.file(".__FOLDER__.json")], values: values)
            Issue.record("planned a file over the record")
        } catch {
            #expect(error.problems == [.stampedNameIsRecord(path: ".__FOLDER__.json", values: ["the value of '--set folder'"])])
            #expect(!error.isTemplateProblem)
        }
        // In capitals too: a Mac takes `.DUO-NEW.JSON` for the record.
        values["FOLDER"] = "DUO-NEW"
        #expect(throws: PlanError(problems: [.stampedNameIsRecord(path: ".__FOLDER__.JSON", values: ["the value of '--set folder'"])])) {
            try Self.plan([Self.file(".__FOLDER__.JSON")], values: values)
        }
    }

    /// A choice or a bool is one of the values the recipe offers: a name it spoils is the
    /// recipe's fault, whichever the user took.
    @Test func aNameAnOfferedChoiceSpoilsIsTheRecipesFault() {
        var manifest = Self.manifest
        var style = Placeholder(name: "STYLE", source: .setting(key: "style", defaultValue: "plain", pattern: nil))
        style.type = .choice([.init("plain"), .init("boxed")])
        manifest.placeholders.append(style)
        let clash = PlanProblem.namesCollide(first: "plain.txt", second: "__STYLE__.txt", stamped: "plain.txt")
        #expect(clash.isMadeByRecipe(manifest, given: ["style"]), "the user took a value the recipe offers")
    }

    @Test("refuses a value that points a link outside the project", arguments: ["/etc", "../..", "a/../../../x"])
    func refusesAValueThatPointsALinkOutside(_ value: String) {
        var values = Self.values
        values["FOLDER"] = value
        let link = TreeEntry(path: "Docs/link", kind: .symlink(target: "__FOLDER__/f.txt"), mode: 0o777)
        do {
            _ = try Self.plan([Self.folder("Docs"), link], values: values)
            Issue.record("planned a link to '\(value)/f.txt'")
        } catch {
            #expect(error.problems == [.stampedLinkLeavesTree(path: "Docs/link", target: "__FOLDER__/f.txt", stamped: value + "/f.txt", values: ["the value of '--set folder'"])])
            #expect(!error.isTemplateProblem)
        }
    }

    @Test func keepsAValueThatPointsALinkInside() throws {
        var values = Self.values
        values["FOLDER"] = "Inner"
        let plan = try Self.plan([Self.folder("Docs"), TreeEntry(path: "Docs/link", kind: .symlink(target: "__FOLDER__/f.txt"), mode: 0o777)], values: values)
        #expect(plan.writes.last?.kind == .symlink(target: "Inner/f.txt"))
    }
}

extension PlanTests {
    /// Each name fits, but the values stacked in a deep path would not fit a Mac's PATH_MAX.
    @Test func refusesValuesThatMakeAPathTooLongNamingThem() {
        var values = Self.values
        values["FOLDER"] = String(repeating: "f", count: 200)
        let levels = (1...6).map { Array(repeating: "__FOLDER__", count: $0).joined(separator: "/") }
        do {
            _ = try Self.plan(levels.map(Self.folder), values: values)
            Issue.record("planned a path of 1205 bytes")
        } catch {
            #expect(error.problems == [.stampedNameTooLong(path: levels[5], bytes: 6 * 200 + 5, limit: 1024, isPath: true, values: ["the value of '--set folder'"])])
            #expect(!error.isTemplateProblem, "the values are at fault: exit 65")
        }
    }
}
