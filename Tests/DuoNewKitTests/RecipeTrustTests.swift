@testable import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The one rule for whether a recipe's commands run unasked (issue 42, finding 7): a folder only
/// a project's record names is the user's own only when it is named plainly, lies outside
/// duo-new's git cache, and the recipe and every layer it uses are the user's and nobody else's
/// to write.
@Suite struct RecipeTrustTests {
    /// Consent is a yes said in words: Enter, the end of input or anything else withholds it.
    @Test func onlyYOrYesConsents() {
        for answer in ["y", "Y", "yes", " YES ", "Yes"] {
            #expect(ConsentQuestion.consents(answer), "'\(answer)'")
        }
        for answer in [nil, "", "n", "no", "yess", "ye", "sure", "y y"] as [String?] {
            #expect(!ConsentQuestion.consents(answer), "'\(answer ?? "end of input")'")
        }
    }

    /// The bundled `example-layered` and its layer `example-shared` copied into a fresh folder
    /// of recipes, modes as a careful user leaves them; that folder and the recipe's tree.
    private static func recipes(in folder: URL? = nil) throws -> (folder: URL, tree: RecipeTree) {
        let recipes = try folder ?? TestScratch.makeFolder("recipes")
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        for name in ["example-layered", "example-shared"] {
            try FileManager.default.copyItem(at: templates.appendingPathComponent(name), to: recipes.appendingPathComponent(name))
        }
        let chmod = try ChildProcess.run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "go-w", recipes.path])
        try #require(chmod.status == 0, "\(chmod.transcript)")
        let recipe = recipes.appendingPathComponent("example-layered")
        let tree = try RecipeLoading.loadTree(recipe, recipe: "example-layered", manifestPath: "example-layered/template.yaml")
        try #require(tree.layers.count == 1)
        return (recipes, tree)
    }

    private static func problem(_ folder: String, _ tree: RecipeTree, cache: String? = nil) -> String? {
        RecordedFolderOwnership.problem(recordedFolder: folder, tree: tree, cacheRoot: cache)
    }

    @Test func aPlainFolderOfTheUsersOwnRunsUnasked() throws {
        let (folder, tree) = try Self.recipes()
        #expect(Self.problem(folder.path, tree) == nil)
        #expect(RecipeTrust.verdict(checkout: nil, recorded: (folder.path, tree), chosen: tree, trusted: [], cacheRoot: nil) == .unasked)
    }

    @Test func aLayerOthersCanWriteOrALayerYAMLAnyoneCanWriteNeedsConsent() throws {
        let (folder, tree) = try Self.recipes()
        let layer = folder.appendingPathComponent("example-shared")
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: layer.appendingPathComponent("layer.yaml").path)
        #expect(Self.problem(folder.path, tree)?.contains("example-shared/layer.yaml' can be written by others (mode 666)") == true)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: layer.appendingPathComponent("layer.yaml").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: layer.appendingPathComponent("template").path)
        #expect(Self.problem(folder.path, tree)?.contains("example-shared/template' can be written by others (mode 777)") == true)
        let verdict = RecipeTrust.verdict(checkout: nil, recorded: (folder.path, tree), chosen: tree, trusted: [], cacheRoot: nil)
        guard case .unvouchedFolder(let named, _) = verdict else {
            Issue.record("the layer let the checks run unasked: \(verdict)")
            return
        }
        #expect(named == folder.path)
    }

    /// A file or folder deep in a tree is what a check runs (`Tools/check.sh`): one another user
    /// could write is theirs to run, whatever the folders above it say.
    @Test func aFileOrFolderDeepInATreeOthersCanWriteNeedsConsent() throws {
        let (folder, tree) = try Self.recipes()
        let tools = folder.appendingPathComponent("example-shared/template/Tools")
        let script = try #require(try FileManager.default.contentsOfDirectory(atPath: tools.path).first)
        try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: tools.appendingPathComponent(script).path)
        #expect(Self.problem(folder.path, tree)?.contains("Tools/\(script)' can be written by others (mode 664)") == true, "\(Self.problem(folder.path, tree) ?? "none")")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools.appendingPathComponent(script).path)
        #expect(Self.problem(folder.path, tree) == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: tools.path)
        #expect(Self.problem(folder.path, tree)?.contains("template/Tools' can be written by others (mode 777)") == true)
    }

    /// A clone in duo-new's git cache has a name anyone can compute; a record naming it is naming git.
    @Test func aFolderInDuoNewsGitCacheCountsAsGit() throws {
        let cache = try TestScratch.makeFolder("cache").appendingPathComponent("duo-new/git")
        let (folder, tree) = try Self.recipes(in: cache.appendingPathComponent("example.com_evil_recipes.git-1a2b3c"))
        #expect(Self.problem(folder.path, tree, cache: cache.path)?.contains("lies in duo-new's git cache") == true)
        #expect(Self.problem(folder.path, tree, cache: nil) == nil, "the same folder elsewhere is the user's own")
    }

    /// The same folder named on the command line (`--templates` into the cache) is still a clone
    /// of someone's repository: the user chose a folder, not that code.
    @Test func aFolderInTheGitCacheNamedThisRunCountsAsGitToo() throws {
        let cache = try TestScratch.makeFolder("cache").appendingPathComponent("duo-new/git")
        let (_, tree) = try Self.recipes(in: cache.appendingPathComponent("example.com_evil_recipes.git-1a2b3c"))
        let verdict = RecipeTrust.verdict(checkout: nil, recorded: nil, chosen: tree, trusted: [], cacheRoot: cache.path)
        guard case .unvouchedFolder(_, let why) = verdict else {
            Issue.record("a recipe in the git cache ran unasked: \(verdict)")
            return
        }
        #expect(why.contains("lies in duo-new's git cache"), "\(why)")
        #expect(RecipeTrust.verdict(checkout: nil, recorded: nil, chosen: tree, trusted: [], cacheRoot: nil) == .unasked)
    }

    /// A folder named this run (`--templates`, the config) is the user's choice of code, but not
    /// a file in it anyone may write: someone else may have put that code there. A group that may
    /// write it (a private user group) is no reason for a folder the user chose.
    @Test func aFolderNamedThisRunWithAFileAnyoneCanWriteNeedsConsent() throws {
        let (folder, tree) = try Self.recipes()
        let tools = folder.appendingPathComponent("example-shared/template/Tools")
        let script = try #require(try FileManager.default.contentsOfDirectory(atPath: tools.path).first)
        try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: tools.appendingPathComponent(script).path)
        #expect(RecipeTrust.verdict(checkout: nil, recorded: nil, chosen: tree, trusted: [], cacheRoot: nil) == .unasked)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: tools.appendingPathComponent(script).path)
        let verdict = RecipeTrust.verdict(checkout: nil, recorded: nil, chosen: tree, trusted: [], cacheRoot: nil)
        guard case .unvouchedFolder(let named, let why) = verdict else {
            Issue.record("a script anyone may write ran unasked: \(verdict)")
            return
        }
        #expect(named == tree.top.folder.path && why.contains("Tools/\(script)' can be written by others (mode 777)"), "\(why)")
    }

    /// The question generation, `check` and `update` ask before a recipe's commands run: none
    /// when they may run unasked; else the recipe's origin, each command (escaped: a manifest
    /// could retitle the terminal), and the question, with the source a refusal names.
    @Test func theConsentQuestionNamesTheOriginAndEachCommandEscaped() throws {
        let (folder, tree) = try Self.recipes()
        let loaded = LoadedRecipe(
            folder: tree.top.folder, manifestPath: "example-layered/template.yaml", tree: tree, manifest: try tree.effectiveManifest(),
            checkout: nil, source: RecipeSource(kind: .folder)
        )
        let commands = [Check(name: "model tests", run: "swift test\u{1b}]0;owned\u{07}")]
        #expect(RecipeTrust.question(for: loaded, recorded: (folder.path, tree), commands: commands, trusted: [], environment: [:]) == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let question = try #require(RecipeTrust.question(for: loaded, recorded: (folder.path, tree), commands: commands, trusted: [], environment: [:]))
        #expect(question.source == tree.top.folder.path)
        #expect(question.text.hasPrefix("The recipe 'example-layered' was found in '\(folder.path)', which the project's record names, and "))
        #expect(question.text.hasSuffix(" It would run these commands in the project, with your rights:\n  model tests: swift test\\u{1B}]0;owned\\u{7}\nRun them? [y/N]: "), "\(question.text)")
    }

    /// `/proc/self/cwd/../recipes` names the folder beside wherever duo-new runs; dot segments
    /// and doubled slashes are no path generation records either.
    @Test(arguments: ["/proc/self/root", "/proc/self/cwd/../..", "", "//"])
    func anIndirectOrUnplainPathNeedsConsent(_ lead: String) throws {
        let (folder, tree) = try Self.recipes()
        let named: String
        switch lead {
        case "": named = folder.path + "/example-layered/.."
        case "//": named = folder.deletingLastPathComponent().path + "//" + folder.lastPathComponent
        case "/proc/self/cwd/../..":
            // From the test's working folder, up to the root, then down to the recipes.
            let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
            named = "/proc/self/cwd" + String(repeating: "/..", count: depth) + folder.path
        default: named = lead + folder.path
        }
        try #require(RecordedFolderOwnership.realPath(named) == RecordedFolderOwnership.realPath(folder.path), "\(named) reaches the recipes")
        #expect(Self.problem(named, tree)?.contains("is not a plain path") == true, "\(named)")
    }
}
