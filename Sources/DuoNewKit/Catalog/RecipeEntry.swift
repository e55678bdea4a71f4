import DuoNewCore
import Foundation

/// One recipe folder of a catalog, with its manifest or the reason it does not load.
public struct RecipeEntry: Sendable {
    public var name: String
    public var folder: URL
    public var manifest: Result<Manifest, ManifestError>

    public init(name: String, folder: URL, manifest: Result<Manifest, ManifestError>) {
        self.name = name
        self.folder = folder
        self.manifest = manifest
    }
}
