#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Reading a manifest from its recipe's or layer's folder: the file system half of
/// `ManifestDecoder`, whose decoding (in the core) never touches a disk.
extension ManifestDecoder {
    /// Reads `<folder>/template.yaml`, decodes it, checks `name` equals the folder's name and that
    /// `<folder>/template/` exists.
    ///
    /// Diagnostics name the manifest file as `displayPath`; by default, the folder's path as given
    /// followed by `/template.yaml`.
    public static func load(recipeFolder: URL, displayPath: String? = nil) throws(ManifestError) -> Manifest {
        try loadLocated(recipeFolder: recipeFolder, displayPath: displayPath).manifest
    }

    /// `load(recipeFolder:displayPath:)`, also reporting where each part was written.
    public static func loadLocated(
        recipeFolder: URL, displayPath: String? = nil
    ) throws(ManifestError) -> (manifest: Manifest, locations: ManifestLocations) {
        try loadLocated(folder: recipeFolder, kind: .recipe, displayPath: displayPath)
    }

    /// Reads a layer's `<folder>/layer.yaml` the way `loadLocated(recipeFolder:)` reads a recipe's.
    public static func loadLayerLocated(
        layerFolder: URL, displayPath: String? = nil
    ) throws(ManifestError) -> (manifest: Manifest, locations: ManifestLocations) {
        try loadLocated(folder: layerFolder, kind: .layer, displayPath: displayPath)
    }

    private static func loadLocated(
        folder: URL, kind: ManifestDecoding.Kind, displayPath: String?
    ) throws(ManifestError) -> (manifest: Manifest, locations: ManifestLocations) {
        let fileName = kind == .recipe ? Manifest.fileName : Manifest.layerFileName
        let folderPath = displayFolder(folder)
        let file = displayPath ?? (folderPath == "." ? fileName : "\(folderPath)/\(fileName)")
        let manifestURL = folder.appendingPathComponent(fileName)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            throw ManifestError(diagnostics: [.error(ManifestProblem.missingRecipeFolder(folder: folderPath).message)])
        }
        guard isFolder.boolValue else {
            throw ManifestError(diagnostics: [.error(ManifestProblem.recipeFolderIsAFile(folder: folderPath).message)])
        }
        guard FileManager.default.fileExists(atPath: manifestURL.path) || POSIX.linkInfo(manifestURL.path) != nil else {
            throw ManifestError(diagnostics: [.error(ManifestProblem.missingManifest(folder: folderPath).message)])
        }
        let bytes = try ManifestFile.read(manifestURL, displayPath: file)

        let pass = decodingPass(utf8: bytes, file: file, kind: kind)
        var diagnostics = pass.diagnostics
        let folderName = folder.standardizedFileURL.lastPathComponent
        if let name = pass.name, let location = pass.locations.name, name != folderName {
            diagnostics.append(.error(at: location, ManifestProblem.nameDiffersFromFolder(name: name, folder: folderName).message))
        }
        let tree = folder.appendingPathComponent(Manifest.treeFolderName)
        if let info = POSIX.linkInfo(tree.path), info.st_mode & S_IFMT == S_IFLNK {
            // Named beside the manifest as diagnostics name it.
            let shown = file.hasSuffix(fileName) ? String(file.dropLast(fileName.count)) + Manifest.treeFolderName : tree.path
            diagnostics.append(.error(at: pass.locations.root, ManifestProblem.treeIsLink(path: shown).message))
        } else if !FileManager.default.fileExists(atPath: tree.path, isDirectory: &isFolder) || !isFolder.boolValue {
            diagnostics.append(.error(at: pass.locations.root, ManifestProblem.missingTree(folder: folderPath).message))
        }
        guard let manifest = pass.manifest, diagnostics.isEmpty else { throw ManifestError(diagnostics: diagnostics) }
        return (manifest, pass.locations)
    }

    /// For lint: every diagnostic of `loadLocated`, and with them as much of the manifest as
    /// decoded (`placeholdersKnown` false when the placeholders did not), so the tree can still be
    /// checked; nil only when the file could not be read or parsed as YAML.
    public static func loadForLint(
        recipeFolder: URL, displayPath: String
    ) -> (manifest: Manifest?, placeholdersKnown: Bool, locations: ManifestLocations?, diagnostics: [Diagnostic]) {
        do {
            let (manifest, locations) = try loadLocated(recipeFolder: recipeFolder, displayPath: displayPath)
            return (manifest, true, locations, [])
        } catch {
            let bytes = try? ManifestFile.read(recipeFolder.appendingPathComponent(Manifest.fileName), displayPath: displayPath)
            guard let bytes else { return (nil, false, nil, error.diagnostics) }
            let pass = decodingPass(utf8: bytes, file: displayPath, kind: .recipe)
            let manifest = pass.manifest ?? pass.partial
            return (manifest, pass.manifest != nil || pass.placeholdersKnown, manifest.map { _ in pass.locations }, error.diagnostics)
        }
    }

    /// A folder as the user gave it: relative stays relative, no trailing slash.
    private static func displayFolder(_ url: URL) -> String {
        var path = url.relativePath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "." : path
    }
}
