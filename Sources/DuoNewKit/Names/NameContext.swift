import Foundation

/// What an AppName may not clash with in one template.
public struct NameContext: Sendable, Equatable {
    /// The first path component of every entry in the template tree, tokens left as they are.
    public var topLevelNames: [String]
    /// The manifest's `reserved-names`.
    public var reservedNames: [String]
    /// Types declared by the template's Swift sources; names holding a token are left out.
    public var declaredTypes: Set<String>
    /// The token the AppName is stamped into (`__APP_NAME__`), so stamped top-level names can be compared.
    public var appNameToken: String?

    public init(
        topLevelNames: [String] = [],
        reservedNames: [String] = [],
        declaredTypes: Set<String> = [],
        appNameToken: String? = nil
    ) {
        self.topLevelNames = topLevelNames
        self.reservedNames = reservedNames
        self.declaredTypes = declaredTypes
        self.appNameToken = appNameToken
    }

    /// Reads the template tree: its top-level names and the types its `.swift` files declare.
    /// Unreadable files are skipped; the generator reports them when it plans.
    public static func scan(tree: URL, manifest: Manifest) -> NameContext {
        let fileManager = FileManager.default
        let topLevel = (try? fileManager.contentsOfDirectory(atPath: tree.path)) ?? []
        var types = Set<String>()
        if let walker = fileManager.enumerator(at: tree, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "swift" {
                guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
                types.formUnion(SwiftDeclarations.typeNames(in: source))
            }
        }
        let appNameToken = manifest.placeholders.first { $0.source == .appName }?.token
        return NameContext(
            topLevelNames: topLevel.sorted(),
            reservedNames: manifest.reservedNames,
            declaredTypes: types,
            appNameToken: appNameToken
        )
    }
}
