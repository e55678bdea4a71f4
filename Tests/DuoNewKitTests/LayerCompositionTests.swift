import Foundation
import Testing
@testable import DuoNewCore
import DuoNewKit

/// Laying trees over one another and ordering layers, on values: no disk.
@Suite("Layers: composition and order")
struct LayerCompositionTests {
    static func source(_ name: String, _ role: TreeSource.Role = .layer, replaces: [String] = []) -> TreeSource {
        let file = "Templates/\(name)/\(role == .layer ? Manifest.layerFileName : Manifest.fileName)"
        var locations = ManifestLocations(root: SourceLocation(file: file, line: 1, column: 1))
        locations.replaces = replaces.indices.map { SourceLocation(file: file, line: 5, column: 13 + $0) }
        return TreeSource(
            name: name, role: role, folder: URL(fileURLWithPath: "/templates/\(name)"), display: "Templates/\(name)",
            manifest: Manifest(name: name, summary: "S.", version: "1.0.0", placeholders: [], replaces: replaces), locations: locations
        )
    }

    static func part(_ source: TreeSource, _ entries: [TreeEntry], rootMode: UInt16 = 0o755) -> TreeComposer.Part {
        TreeComposer.Part(source: source, listing: TreeListing(rootMode: rootMode, entries: entries))
    }

    static func file(_ path: String, mode: UInt16 = 0o644) -> TreeEntry {
        TreeEntry(path: path, kind: .file(size: 1), mode: mode)
    }

    static func folder(_ path: String, mode: UInt16 = 0o755) -> TreeEntry {
        TreeEntry(path: path, kind: .directory, mode: mode)
    }

    @Test func laysTreesInOrderParentsFirstWithEachEntrysOrigin() throws {
        let listing = try TreeComposer.compose([
            Self.part(Self.source("duo-app"), [Self.folder("Tools"), Self.file("Tools/run.sh", mode: 0o755), Self.file("z.txt")]),
            Self.part(Self.source("recipe", .recipe), [Self.file("README.md"), Self.folder("Tools", mode: 0o700), Self.file("Tools/a.sh")], rootMode: 0o750),
        ])
        #expect(listing.entries.map(\.path) == ["README.md", "Tools", "Tools/a.sh", "Tools/run.sh", "z.txt"])
        #expect(listing.entries.map(\.origin) == [1, 1, 1, 0, 0])
        #expect(listing.entries.first { $0.path == "Tools" }?.mode == 0o700, "a shared folder takes the last tree's mode")
        #expect(listing.entries.first { $0.path == "Tools/run.sh" }?.mode == 0o755)
        #expect(listing.rootMode == 0o750)
    }

    @Test func sortsAFolderBeforeASiblingThatExtendsItsName() throws {
        let listing = try TreeComposer.compose([
            Self.part(Self.source("a"), [Self.file("a-b"), Self.folder("a"), Self.file("a/z")]),
            Self.part(Self.source("r", .recipe), [Self.file("a/b")]),
        ])
        #expect(listing.entries.map(\.path) == ["a", "a/b", "a/z", "a-b"])
    }

    @Test func refusesAFileFromTwoTreesNamingBoth() {
        #expect(throws: LayerError(diagnostics: [.error(
            at: SourceLocation(file: "Templates/recipe/template/.gitignore", line: 1, column: 1),
            "'.gitignore' comes from both layer 'duo-app' ('Templates/duo-app/template/.gitignore') and recipe 'recipe' ('Templates/recipe/template/.gitignore'); remove one, or list '.gitignore' under 'replaces' in 'Templates/recipe/template.yaml' to write the later one instead"
        )])) {
            try TreeComposer.compose([
                Self.part(Self.source("duo-app"), [Self.file(".gitignore")]),
                Self.part(Self.source("recipe", .recipe), [Self.file(".gitignore")]),
            ])
        }
    }

    @Test func takesTheLaterFileWhereItDeclaresTheReplacement() throws {
        let listing = try TreeComposer.compose([
            Self.part(Self.source("duo-app"), [Self.file(".gitignore"), Self.file("keep.txt")]),
            Self.part(Self.source("recipe", .recipe, replaces: [".gitignore"]), [Self.file(".gitignore", mode: 0o600)]),
        ])
        #expect(listing.entries.map(\.path) == [".gitignore", "keep.txt"])
        #expect(listing.entries[0].origin == 1 && listing.entries[0].mode == 0o600)
    }

    @Test(arguments: [
        (["missing.txt"], "'missing.txt' is listed under 'replaces', but the tree of recipe 'recipe' has no file there; add the file or remove the entry"),
        (["own.txt"], "'own.txt' is listed under 'replaces', but no layer before this tree provides it; remove the entry"),
        (["Shared"], "'Shared' is a folder, and 'replaces' takes files and links (folders from several trees are merged); list the files in it instead"),
    ])
    func refusesAReplacementThatReplacesNothing(replaces: [String], message: String) {
        #expect(throws: LayerError(diagnostics: [.error(at: SourceLocation(file: "Templates/recipe/template.yaml", line: 5, column: 13), message)])) {
            try TreeComposer.compose([
                Self.part(Self.source("duo-app"), [Self.folder("Shared")]),
                Self.part(Self.source("recipe", .recipe, replaces: replaces), [Self.folder("Shared"), Self.file("own.txt")]),
            ])
        }
    }

    @Test func refusesAFolderInOneTreeThatIsAFileInAnother() throws {
        let error = try #require(throws: LayerError.self) {
            try TreeComposer.compose([
                Self.part(Self.source("duo-app"), [Self.folder("Tools")]),
                Self.part(Self.source("recipe", .recipe, replaces: ["Tools"]), [Self.file("Tools")]),
            ])
        }
        #expect(error.diagnostics.map(\.message).first?.hasPrefix("'Tools' is a folder in one tree and not in the other") == true)
    }

    @Test func leavesASingleTreeAsItIs() throws {
        let entries = [Self.file("b"), Self.file("a")]
        let listing = try TreeComposer.compose([Self.part(Self.source("recipe", .recipe), entries)])
        #expect(listing.entries == entries, "one tree is not re-sorted or copied")
    }

    // MARK: - Planning the combined tree

    /// Globs, links, modes and case collisions see one tree, wherever each entry came from.
    @Test func planningTreatsTheCombinedTreeAsOne() throws {
        let listing = try TreeComposer.compose([
            Self.part(Self.source("duo-app"), [
                Self.folder("Tools"), Self.file("Tools/run.sh", mode: 0o755), Self.file("Tools/notes.tmp"), Self.file("icon.png"),
            ]),
            Self.part(Self.source("recipe", .recipe), [
                Self.folder("Tools"), TreeEntry(path: "Tools/latest", kind: .symlink(target: "run.sh"), mode: 0o777),
            ]),
        ])
        let manifest = Manifest(
            name: "recipe", summary: "S.", version: "1.0.0", placeholders: [], verbatim: [Glob("*.png")], exclude: [Glob("*.tmp")]
        )
        let plan = try Planner.plan(listing: listing, manifest: manifest, values: [:])
        #expect(plan.writes.map(\.destination) == ["Tools", "Tools/latest", "Tools/run.sh", "icon.png"])
        #expect(plan.writes.map(\.origin) == [1, 1, 0, 0])
        #expect(plan.writes.first { $0.destination == "icon.png" }?.kind == .file(.verbatim, size: 1))
        #expect(plan.writes.first { $0.destination == "Tools/run.sh" }?.mode == 0o755)

        let clashing = try TreeComposer.compose([
            Self.part(Self.source("duo-app"), [Self.file("README.md")]),
            Self.part(Self.source("recipe", .recipe), [Self.file("readme.md")]),
        ])
        #expect(throws: PlanError(problems: [.namesCollide(first: "README.md", second: "readme.md", stamped: "readme.md")])) {
            try Planner.plan(listing: clashing, manifest: manifest, values: [:])
        }
    }

    // MARK: - The manifest across layers

    @Test func takesALayersCheckAndJoinsItsVerbatimGlobs() throws {
        var layer = Self.source("duo-app")
        layer.manifest.checks = [Check(name: "model tests", run: "Tools/run-model-tests.sh")]
        layer.manifest.verbatim = [Glob("*.pdf")]
        var recipe = Self.source("recipe", .recipe)
        recipe.manifest.checks = [Check(name: "model tests", run: "", layer: "duo-app"), Check(name: "own", run: "true")]
        recipe.manifest.verbatim = [Glob("*.png")]
        let manifest = try RecipeTree(sources: [layer, recipe]).effectiveManifest()
        #expect(manifest.checks.map(\.run) == ["Tools/run-model-tests.sh", "true"])
        #expect(manifest.verbatim == [Glob("*.pdf"), Glob("*.png")])
        #expect(RecipeTree(sources: [layer, recipe]).layerRecords == [GenerationRecord.Layer(name: "duo-app", version: "1.0.0")])
    }

    @Test func refusesACheckFromALayerNotUsedOrNotOffered() throws {
        let layer = Self.source("duo-app")
        var recipe = Self.source("recipe", .recipe)
        recipe.manifest.checks = [Check(name: "model tests", run: "", layer: "duo-app"), Check(name: "ui", run: "", layer: "media")]
        let error = try #require(throws: LayerError.self) { try RecipeTree(sources: [layer, recipe]).effectiveManifest() }
        #expect(error.diagnostics.map(\.message) == [
            "layer 'duo-app' offers no check named 'model tests' (it offers none); use one of its names or give the check a 'run'",
            "check 'ui' takes its command from layer 'media', which this recipe does not use (it uses 'duo-app'); add 'media' to 'layers' or fix 'layer'",
        ])
    }

    // MARK: - Order

    static func order(_ uses: [String], _ graph: [String: [String]]) -> Result<[String], LayerOrder.CycleFound> {
        LayerOrder.order(root: "recipe", uses: uses.map { LayerOrder.Use(name: $0) }) { use in
            graph[use.name].map { $0.map { LayerOrder.Use(name: $0) } }
        }
    }

    @Test func putsEachLayerAfterTheLayersItUsesAndOnce() {
        let graph = ["app": ["base"], "media": ["base", "app"], "base": []]
        #expect(Self.order(["media", "app"], graph) == .success(["base", "app", "media"]))
        #expect(Self.order(["base", "media"], graph) == .success(["base", "app", "media"]))
    }

    @Test func findsACycleWithItsChain() {
        let graph = ["a": ["b"], "b": ["c"], "c": ["a"]]
        guard case .failure(let found) = Self.order(["a"], graph) else {
            Issue.record("no cycle found")
            return
        }
        #expect(found.cycle.chain == ["a", "b", "c", "a"])
        #expect(LayerProblem.cycle(chain: found.cycle.chain).message == "layers use each other in a cycle: a → b → c → a; remove one of these uses")
    }

    /// A recipe (one from git, say) may chain as many layers as it likes: the walk is a loop,
    /// not one stack frame a layer (until 2026-12-07 a chain of 10,000 layer folders crashed
    /// every command that loads the recipe with SIGSEGV), and a layer is looked up in a set, not
    /// a list, so a long chain is not quadratic.
    @Test func aChainOfAnyLengthIsOrderedWithoutRecursion() {
        let length = 200_000
        let chained = LayerOrder.order(root: "recipe", uses: [LayerOrder.Use(name: "l0")]) { use in
            let index = Int(use.name.dropFirst()) ?? length
            return index + 1 < length ? [LayerOrder.Use(name: "l\(index + 1)")] : []
        }
        guard case .success(let names) = chained else { Issue.record("\(chained)"); return }
        #expect(names.count == length && names.first == "l\(length - 1)" && names.last == "l0")
        let looped = LayerOrder.order(root: "recipe", uses: [LayerOrder.Use(name: "l0")]) { use in
            let index = Int(use.name.dropFirst()) ?? length
            return [LayerOrder.Use(name: index + 1 < length ? "l\(index + 1)" : "l\(length / 2)")]
        }
        guard case .failure(let found) = looped else { Issue.record("no cycle found"); return }
        #expect(found.cycle.chain.first == "l\(length / 2)" && found.cycle.chain.last == "l\(length / 2)")
        #expect(found.cycle.chain.count == length / 2 + 1)
    }

    @Test func findsALayerThatUsesItselfOrItsRecipe() {
        guard case .failure(let found) = Self.order(["a"], ["a": ["a"]]) else {
            Issue.record("no cycle found")
            return
        }
        #expect(found.cycle.chain == ["a", "a"])
    }
}
