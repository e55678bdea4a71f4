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
    /// The types each scanned `.swift` file declares, by path in the tree, so that `apply(_:)` can
    /// leave out the files the manifest excludes: only what is generated can clash.
    package var typesByFile: [String: Set<String>] = [:]

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

    /// Adds what the manifest says: its reserved names and the AppName's token, and leaves out
    /// the top-level names and Swift sources it excludes, which no generated project holds.
    public mutating func apply(_ manifest: Manifest) {
        reservedNames = manifest.reservedNames
        appNameToken = manifest.placeholders.first { $0.source == .appName }?.token
        topLevelNames = topLevelNames.filter { !manifest.excludes($0) }
        if !typesByFile.isEmpty {
            declaredTypes = typesByFile.filter { !manifest.excludes($0.key) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
    }
}
