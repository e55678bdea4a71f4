import Foundation

/// One tree of a layered recipe: a layer, or the recipe itself, with its decoded manifest.
public struct TreeSource: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        case layer, recipe
    }

    public var name: String
    public var role: Role
    /// The folder holding the manifest and `template/`.
    public var folder: URL
    /// The folder as diagnostics name it (`Templates/duo-app`).
    public var display: String
    public var manifest: Manifest
    public var locations: ManifestLocations

    public init(name: String, role: Role, folder: URL, display: String, manifest: Manifest, locations: ManifestLocations) {
        self.name = name
        self.role = role
        self.folder = folder
        self.display = display
        self.manifest = manifest
        self.locations = locations
    }

    /// How messages name it: `layer 'duo-app'`, `recipe 'recipe-camera-studio'`.
    public var label: String { "\(role.rawValue) '\(name)'" }
    public var tree: URL { folder.appendingPathComponent(Manifest.treeFolderName) }
    /// `Templates/duo-app/template`.
    public var treeDisplay: String { Self.join(display, Manifest.treeFolderName) }
    /// `Templates/duo-app/layer.yaml`.
    public var manifestDisplay: String { Self.join(display, role == .layer ? Manifest.layerFileName : Manifest.fileName) }

    package static func join(_ folder: String, _ name: String) -> String {
        folder == "." || folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
    }

    /// How diagnostics name the folder holding `display`'s folder, where its sibling layers are:
    /// `Templates` for `Templates/recipe-x`, `..` for `.`, empty for a bare name.
    package static func parentDisplay(of display: String) -> String {
        display == "." ? ".." : (display as NSString).deletingLastPathComponent
    }
}
