@testable import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Finding the templates folder and the recipes in it.
@Suite("Catalog")
struct CatalogTests {
    static let fixtures = EndToEndHarness.fixtureTemplates

    @Test func optionWinsOverVariableAndBundled() throws {
        let catalog = try TemplateCatalog.locate(
            option: Self.fixtures.path, environment: ["DUO_NEW_TEMPLATES": "/nowhere"], executablePath: nil, workingDirectory: "/"
        )
        #expect(catalog.origin == .option)
        #expect(catalog.root.path == Self.fixtures.path)
        let fromVariable = try TemplateCatalog.locate(option: nil, environment: ["DUO_NEW_TEMPLATES": Self.fixtures.path], executablePath: nil, workingDirectory: "/")
        #expect(fromVariable.origin == .environment)
    }

    @Test func findsTheBundledTemplatesFromTheExecutableOrTheSources() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fromBinary = try TemplateCatalog.locate(
            option: nil, environment: [:], executablePath: package.appendingPathComponent(".build/debug/duo-new").path,
            workingDirectory: "/", compiledAt: "/nonexistent/source.swift"
        )
        #expect(fromBinary.root.standardizedFileURL.path == package.appendingPathComponent("Templates").path)
        #expect(fromBinary.origin == .bundled)
        let fromSources = try TemplateCatalog.locate(option: nil, environment: [:], executablePath: "/usr/bin/duo-new", workingDirectory: "/")
        #expect(fromSources.root.standardizedFileURL.path == package.appendingPathComponent("Templates").path)
        #expect(throws: CatalogError.bundledTemplatesNotFound) {
            try TemplateCatalog.locate(option: nil, environment: [:], executablePath: "/usr/bin/duo-new", workingDirectory: "/", compiledAt: "/x/y.swift")
        }
    }

    /// Bundled recipes run their commands unasked, so their folder must be no stranger's: an
    /// installed `share/duo-new/Templates`, or a package above the binary, in a folder every user
    /// may write is not taken (a binary in /tmp would otherwise take /tmp/share's recipes).
    @Test func bundledRecipesInAFolderEveryoneMayWriteAreNotTaken() throws {
        let prefix = try TestScratch.makeFolder("prefix")
        let templates = prefix.appendingPathComponent("share/duo-new/Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("bin/duo-new")
        #expect(TemplateCatalog.installedTemplates(beside: binary)?.path == templates.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: prefix.appendingPathComponent("share").path)
        #expect(TemplateCatalog.installedTemplates(beside: binary) == nil, "share/ is writable by every user")
        let package = try TestScratch.makeFolder("package")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        let built = package.appendingPathComponent(".build/debug/duo-new")
        #expect(TemplateCatalog.packageRoot(above: built)?.path == package.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: package.appendingPathComponent("Templates").path)
        #expect(TemplateCatalog.packageRoot(above: built) == nil, "Templates/ is writable by every user")
    }

    @Test func listsRecipesAndFlagsBrokenOnes() throws {
        let catalog = TemplateCatalog(root: Self.fixtures, origin: .option)
        let entries = catalog.entries()
        #expect(entries.map(\.name).contains("basic"))
        let broken = try #require(entries.first { $0.name == "broken-manifest" })
        #expect(throws: ManifestError.self) { try broken.manifest.get() }
        #expect(try entries.first { $0.name == "basic" }?.manifest.get().version == "2.1.0")
    }

    /// A folder none of whose folders holds a manifest (a home, `/usr`) is said to be no folder
    /// of recipes, once; one holding a recipe without its manifest among sound ones is a broken
    /// recipe, as ever.
    @Test func aFolderOfFoldersWithoutManifestsIsNoFolderOfRecipes() throws {
        let root = try TestScratch.makeFolder("not-recipes")
        defer { try? FileManager.default.removeItem(at: root) }
        let empty = TemplateCatalog(root: root, origin: .option)
        #expect(empty.noRecipesReason == "no recipes in '\(root.path)'")
        for name in ["Documents", "Music"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let home = TemplateCatalog(root: root, origin: .environment)
        #expect(home.noRecipesReason == "no recipes in '\(root.path)': none of its 2 folders holds a 'template.yaml', so it is not a folder of recipes; point DUO_NEW_TEMPLATES at the folder that holds them")
        #expect(TemplateCatalog(root: Self.fixtures, origin: .option).noRecipesReason == nil, "the fixtures hold broken recipes among sound ones")
    }

    /// `list`'s value: a broken recipe is a row with its problems and no version; a sound one
    /// carries its values and conditional paths;
    /// the layers of the bundled recipes are listed apart from them.
    @Test func theListingHoldsEveryRecipeAndLayer() throws {
        let listing = RecipeListing(TemplateCatalog(root: Self.fixtures, origin: .option), displayBase: "/")
        #expect(listing.templates == Self.fixtures.path)
        let broken = try #require(listing.recipes.first { $0.name == "broken-manifest" })
        #expect(broken.version == nil && broken.summary == nil && broken.placeholders == nil)
        #expect(broken.problems?.isEmpty == false)
        let basic = try #require(listing.recipes.first { $0.name == "basic" })
        #expect(basic.version == "2.1.0" && basic.problems == nil)
        let greeting = try #require(basic.placeholders?.first { $0.token == "GREETING" })
        #expect(greeting.from == "set" && greeting.key == "greeting" && greeting.default == "Hello" && greeting.type == "string")
        #expect(basic.placeholders?.first { $0.token == "APP_NAME" }?.from == "app-name")
        let bundled = try TemplateCatalog.locate(option: nil, environment: [:], executablePath: nil, workingDirectory: "/")
        let layered = RecipeListing(bundled, displayBase: "/")
        #expect(layered.layers.map(\.name).contains("duo-app") && !layered.recipes.map(\.name).contains("duo-app"))
        #expect(layered.recipes.contains { $0.includeIf?.isEmpty == false }, "a bundled recipe has conditional paths")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listing.json.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["templates", "recipes", "layers"])
    }

    /// A broken recipe's row says its first problem's first line and the lint command that
    /// says more, its folder named from the working directory when it lies below it.
    @Test func aBrokenRowNamesItsFirstProblemAndTheLintCommand() throws {
        let listing = RecipeListing(TemplateCatalog(root: Self.fixtures, origin: .option), displayBase: "/")
        let broken = try #require(listing.recipes.first { $0.name == "broken-manifest" })
        let first = try #require(broken.problems?.first?.split(separator: "\n").first)
        #expect(broken.brokenNote(workingDirectory: Self.fixtures.path) == "\(first) (run 'duo-new lint broken-manifest')")
        #expect(broken.brokenNote(workingDirectory: Self.fixtures.path + "/") == "\(first) (run 'duo-new lint broken-manifest')")
        // Named whole, quoted for the shell as the note quotes any folder (a clone's path may hold a space).
        let whole = ShellQuoting.inSentence("duo-new lint " + ShellQuoting.argument(Self.fixtures.path + "/broken-manifest"))
        #expect(broken.brokenNote(workingDirectory: "/") == "\(first) (run \(whole))")
        var unread = broken
        unread.problems = nil
        #expect(unread.brokenNote(workingDirectory: Self.fixtures.path) == "does not load (run 'duo-new lint broken-manifest')")
    }

    @Test func suggestsForTyposAndSwappedLetters() {
        #expect(NameSuggestion.closest(to: "basik", among: ["basic", "leftover"]) == "basic")
        #expect(NameSuggestion.closest(to: "basci", among: ["basic", "leftover"]) == "basic")
        #expect(NameSuggestion.closest(to: "lsit", among: ["list", "lint"]) == "list")
        #expect(NameSuggestion.closest(to: "camera", among: ["basic", "leftover"]) == nil)
        #expect(NameSuggestion.closest(to: "bsaci", among: ["basic"]) == nil, "two swaps are not a slip")
        #expect(NameSuggestion.closest(to: "recipe-camera", among: ["recipe-camera-studio", "example-hello"]) == "recipe-camera-studio")
        #expect(NameSuggestion.closest(to: "recipe-c", among: ["recipe-camera", "recipe-cinema"]) == nil, "a prefix of two names is no hint")
    }

    @Test func suggestsTheNearestRecipe() {
        let catalog = TemplateCatalog(root: Self.fixtures, origin: .option)
        #expect(throws: CatalogError.self) { try catalog.recipeFolder(for: "basik", workingDirectory: "/") }
        do {
            _ = try catalog.recipeFolder(for: "basik", workingDirectory: "/")
        } catch {
            #expect(error.message.hasPrefix("no recipe named 'basik'; did you mean 'basic'?"))
        }
    }
}

extension CatalogTests {
    /// A relative start (a working folder that was deleted leaves nothing to resolve it
    /// against) must end the walk up, not grow `../` for ever.
    @Test func walkingUpFromARelativePathEnds() {
        #expect(TemplateCatalog.packageRoot(above: URL(string: "duo-new-nowhere/bin/duo-new")!) == nil)
    }
}
