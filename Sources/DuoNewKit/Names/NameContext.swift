#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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
    /// The types each scanned `.swift` file declares, by path in the tree, so that `apply(_:)` can
    /// leave out the files the manifest excludes: only what is generated can clash.
    var typesByFile: [String: Set<String>] = [:]

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
    /// Unreadable files are skipped; the generator reports them when it plans. Links are not
    /// followed (they are copied as links), and the sources are scanned on every core.
    ///
    /// With `appName`, a file is parsed only when its bytes contain that name (a quick search),
    /// so `declaredTypes` holds the types of those files alone: all that checking that one name
    /// needs, at a fraction of the cost on a large tree.
    public static func scan(tree: URL, manifest: Manifest, appName: String? = nil) -> NameContext {
        var context = scan(tree: tree, appName: appName)
        context.apply(manifest)
        return context
    }

    /// `scan(tree:manifest:appName:)` without the manifest's part, which `apply(_:)` adds: so the
    /// tree can be read while the manifest is still being decoded.
    public static func scan(tree: URL, appName: String?) -> NameContext {
        let search = SourceSearch(tree: tree, appName: appName)
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, search.pieceCount))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in search.help() }
        return search.result()
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
