import DuoNewCore
import Foundation

/// The folder of recipes duo-new generates from, and how recipes are found in it.
///
/// Bundled recipes are found from the executable's real path: an installed `<prefix>/bin/duo-new`
/// uses `<prefix>/share/duo-new/Templates` (what `scripts/install.sh` writes), so it keeps working
/// when the checkout is moved or deleted; `swift run` and `.build/<config>/duo-new` sit inside the
/// package and use its `Templates/`. Failing both, the package this source file was compiled in is
/// tried, so a binary copied elsewhere on the same machine still finds them. `--templates DIR` and
/// `DUO_NEW_TEMPLATES` take precedence.
public struct TemplateCatalog: Sendable {
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        case option, environment, bundled

        public var description: String {
            switch self {
            case .option: "--templates"
            case .environment: "DUO_NEW_TEMPLATES"
            case .bundled: "the bundled recipes"
            }
        }
    }

    public static let environmentVariable = "DUO_NEW_TEMPLATES"
    public static let bundledFolderName = "Templates"

    public var root: URL
    public var origin: Origin
    /// `root` as the user gave it (`--templates ./tp`), for the record; nil when bundled.
    public var given: String?
    /// Folders of the user's own recipes (the config's `templates`), searched before `root`; a
    /// recipe there hides one of the same name in `root`.
    public var extraRoots: [URL]
    /// The git repositories among the roots, to record which commit a recipe came from.
    public var checkouts: [GitCheckout] = []

    public init(root: URL, origin: Origin, extraRoots: [URL] = []) {
        self.root = root
        self.origin = origin
        self.extraRoots = extraRoots
    }

    /// Finds the templates folder: the option, then the variable, then the bundled one.
    public static func locate(
        option: String?,
        environment: [String: String],
        executablePath: String?,
        workingDirectory: String,
        compiledAt sourceFile: String = #filePath
    ) throws(CatalogError) -> TemplateCatalog {
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        for (value, origin) in [(option, Origin.option), (environment[environmentVariable], .environment)] {
            guard let value, !value.isEmpty else { continue }
            let url = URL(fileURLWithPath: value, relativeTo: base).standardizedFileURL
            guard isFolder(url) else {
                if FileManager.default.fileExists(atPath: url.path) { throw .templatesFolderIsAFile(path: value, origin: origin) }
                throw .templatesFolderMissing(path: value, origin: origin)
            }
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(Manifest.fileName).path) {
                let parent = (value as NSString).deletingLastPathComponent
                throw .templatesFolderIsARecipe(path: value, origin: origin, parent: parent.isEmpty ? "." : parent)
            }
            var catalog = TemplateCatalog(root: url, origin: origin)
            catalog.given = value
            return catalog
        }
        let executable = executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        if let executable, let installed = installedTemplates(beside: executable) {
            return TemplateCatalog(root: installed, origin: .bundled)
        }
        for start in [executable, URL(fileURLWithPath: sourceFile)].compactMap({ $0 }) {
            if let package = packageRoot(above: start) {
                return TemplateCatalog(root: package.appendingPathComponent(bundledFolderName), origin: .bundled)
            }
        }
        throw .bundledTemplatesNotFound
    }

    /// Where an installed duo-new keeps its recipes, relative to the executable's folder.
    public static let installedFolder = "../share/duo-new/Templates"

    /// `<exe dir>/../share/duo-new/Templates` when it is a folder: the installed layout.
    static func installedTemplates(beside executable: URL) -> URL? {
        let folder = URL(fileURLWithPath: installedFolder, relativeTo: executable.deletingLastPathComponent()).standardizedFileURL
        // `share/duo-new/Templates`, each the user's or root's: beside a binary in /tmp, any
        // user could make /tmp/share, and its recipes would run unasked as "bundled".
        let chain = [folder, folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()]
        return isFolder(folder) && chain.allSatisfy(isOwnedHere) ? folder : nil
    }

    /// Whether `url` is the running user's or root's, and not writable by every user: bundled
    /// recipes run their commands unasked, so their folder must be one no stranger made.
    static func isOwnedHere(_ url: URL) -> Bool {
        guard let info = POSIX.info(url.path) else { return false }
        return (info.st_uid == geteuid() || info.st_uid == 0) && info.st_mode & 0o002 == 0
    }

    /// The nearest folder above `url` holding both `Templates/` and `Package.swift`.
    static func packageRoot(above url: URL) -> URL? {
        // Only from an absolute path, and bounded by its depth: a relative one (with the working
        // folder deleted, nothing resolves it) never reaches a root that is its own parent, and
        // would grow `../` for ever.
        guard url.absoluteURL.path.hasPrefix("/") else { return nil }
        var folder = url.deletingLastPathComponent()
        for _ in 0...url.pathComponents.count {
            if isFolder(folder.appendingPathComponent(bundledFolderName)),
               FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                // A package a stranger made above the binary is not the one it was built from.
                return isOwnedHere(folder) && isOwnedHere(folder.appendingPathComponent(bundledFolderName)) ? folder : nil
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }

    /// The git checkout a recipe folder lies in, if it came from one.
    public func checkout(holding folder: URL) -> GitCheckout? {
        checkouts.first { folder.standardizedFileURL.path.hasPrefix(URL(fileURLWithPath: $0.folder).standardizedFileURL.path + "/") }
    }

    /// Where the recipe in `folder` comes from, for the record; `argument` is the recipe as
    /// given (a name, or a path holding a `/`). A bundled source's duo-new version is filled in
    /// when the record is written.
    public func source(of folder: URL, argument: String) -> RecipeSource {
        if let checkout = checkout(holding: folder) { return .git(checkout) }
        let parent = folder.standardizedFileURL.deletingLastPathComponent()
        let isRoot = parent.path == root.standardizedFileURL.path
        if isRoot, origin == .bundled, !argument.contains("/") { return .bundled(duoNewVersion: "") }
        let given: String
        if argument.contains("/") {
            let above = (argument as NSString).deletingLastPathComponent
            given = above.isEmpty ? "." : above
        } else {
            given = isRoot ? (self.given ?? parent.path) : parent.path
        }
        return .folder(given: given, resolved: parent.path)
    }

    /// Why there is no recipe to offer, as a sentence; nil when there are recipes. Folders none
    /// of which holds a manifest (`--templates ~`, a home) are a folder named by mistake, not
    /// recipes that are all broken: listed one by one as broken, they would bury that.
    public var noRecipesReason: String? {
        let names = recipeNames()
        let none = "no recipes in '\(root.path)'"
        if names.isEmpty { return none }
        let holdsAManifest = names.contains { FileManager.default.fileExists(atPath: folder(named: $0).appendingPathComponent(Manifest.fileName).path) }
        guard !holdsAManifest, layerNames().isEmpty, origin != .bundled else { return nil }
        let folders = names.count == 1 ? "its only folder holds no" : "none of its \(names.count) folders holds a"
        return none + ": \(folders) '\(Manifest.fileName)', so it is not a folder of recipes; point \(origin) at the folder that holds them"
    }

    /// Names of the recipe folders, sorted; hidden folders and layers are skipped.
    public func recipeNames() -> [String] {
        folderNames().filter { !isLayer($0) }
    }

    /// Names of the layer folders (those holding `layer.yaml`), sorted. Layers are parts of
    /// recipes, never generated alone.
    public func layerNames() -> [String] {
        folderNames().filter(isLayer)
    }

    private func folderNames() -> [String] {
        Set((extraRoots + [root]).flatMap(Self.folderNames(in:))).sorted()
    }

    private static func folderNames(in root: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && isFolder(root.appendingPathComponent($0)) }
    }

    /// The folder of a recipe or layer by name: in the first of the extra roots holding it, else in `root`.
    public func folder(named name: String) -> URL {
        for extra in extraRoots where Self.isFolder(extra.appendingPathComponent(name)) {
            return extra.appendingPathComponent(name)
        }
        return root.appendingPathComponent(name)
    }

    private func isLayer(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder(named: name).appendingPathComponent(Manifest.layerFileName).path)
    }

    /// Every recipe with its manifest loaded, or the diagnostics saying why it does not load.
    public func entries(displayBase: String? = nil) -> [RecipeEntry] {
        recipeNames().map { name in
            let folder = folder(named: name)
            let manifest = Result { () throws(ManifestError) -> Manifest in
                try ManifestDecoder.load(recipeFolder: folder, displayPath: Self.displayPath(of: folder, base: displayBase))
            }
            return RecipeEntry(name: name, folder: folder, manifest: manifest)
        }
    }

    /// Every layer with its manifest loaded, or the diagnostics saying why it does not load.
    public func layerEntries(displayBase: String? = nil) -> [RecipeEntry] {
        layerNames().map { name in
            let folder = folder(named: name)
            let display = Self.displayPath(of: folder, base: displayBase)
            let path = String(display.dropLast(Manifest.fileName.count)) + Manifest.layerFileName
            let manifest = Result { () throws(ManifestError) -> Manifest in
                try ManifestDecoder.loadLayerLocated(layerFolder: folder, displayPath: path).manifest
            }
            return RecipeEntry(name: name, folder: folder, manifest: manifest)
        }
    }

    /// A recipe by name, or by path when the argument holds a `/` (`./my-recipe`).
    public func recipeFolder(for argument: String, workingDirectory: String) throws(CatalogError) -> URL {
        if argument.contains("/") {
            let url = URL(fileURLWithPath: argument, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL
            guard Self.isFolder(url) else {
                if FileManager.default.fileExists(atPath: url.path) { throw .recipeFolderIsAFile(path: argument) }
                throw .recipeFolderMissing(path: argument)
            }
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(Manifest.layerFileName).path) {
                throw .layerNotRecipe(name: url.lastPathComponent)
            }
            return url
        }
        if layerNames().contains(argument) { throw .layerNotRecipe(name: argument) }
        let names = recipeNames()
        guard names.contains(argument) else {
            let suggestion = NameSuggestion.closest(to: argument, among: names)
            let holding = recipeNames(holding: argument)
            if suggestion == nil, holding.count > 1 { throw .ambiguousRecipe(name: argument, candidates: holding) }
            throw .unknownRecipe(name: argument, suggestion: suggestion ?? holding.first ?? recipeName(slippedFromAPartOf: argument), available: names)
        }
        return folder(named: argument)
    }

    /// The recipes whose names hold `part` (ignoring case): `camera-studio` is part of
    /// `recipe-camera-studio`. A part held by one name alone stands for it on the command line.
    /// The recipe a typed word stands for when it names no recipe or layer itself: the one recipe
    /// whose name holds it (`camera` for `recipe-camera-studio`); nil otherwise. Generation, the
    /// prompt, `help` and Tab read a recipe's name by this one rule.
    public func recipe(standingFor typed: String) -> String? {
        guard !recipeNames().contains(typed), !layerNames().contains(typed) else { return nil }
        let holding = recipeNames(holding: typed)
        return holding.count == 1 ? holding[0] : nil
    }

    public func recipeNames(holding part: String) -> [String] {
        guard !part.isEmpty, !part.contains("/") else { return [] }
        return recipeNames().filter { $0.lowercased().contains(part.lowercased()) }
    }

    /// The one recipe a part of whose name `word` is a slip from, as `Spelling` finds slips
    /// (`camra` for `recipe-camera-studio`, `media-playr` for `recipe-media-player`): a part is
    /// one or more of the name's `-`-separated words. Nil when no part is that close, or parts of
    /// several names are (`recpe`).
    public func recipeName(slippedFromAPartOf word: String) -> String? {
        guard !word.isEmpty, !word.contains("/") else { return nil }
        let near = recipeNames().filter { name in
            let words = name.split(separator: "-").map(String.init)
            let parts = words.indices.flatMap { start in words.indices[start...].map { words[start...$0].joined(separator: "-") } }
            return Spelling.closest(to: word, among: parts) != nil
        }
        return near.count == 1 ? near[0] : nil
    }

    /// The path diagnostics show for a manifest: relative to `base` when it lies below it.
    public static func displayPath(of recipeFolder: URL, base: String?) -> String {
        let manifest = recipeFolder.appendingPathComponent(Manifest.fileName).path
        guard let base else { return manifest }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return prefix != "/" && manifest.hasPrefix(prefix) ? String(manifest.dropFirst(prefix.count)) : manifest
    }

    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
