/// Which way an update goes, from the recipe a project records to the recipe found now: newer,
/// the same version, older, or another recipe altogether. Versions compare as the manifest
/// writes them (`ManifestDecoding.isVersion`): numbers part by part, at any length (`1.10`
/// after `1.9`, `1.0.99999999999999999999` after `1.0.5`; a missing part as 0), and a version with a pre-release part (`2.0.0-beta`) before the same
/// one without, pre-release parts compared as numbers when both are, else as text.
public enum UpdateDirection: String, Sendable, Hashable {
    case newer
    case same
    case older
    case otherRecipe = "other-recipe"

    public static func between(recordedName: String, recordedVersion: String, name: String, version: String) -> UpdateDirection {
        guard recordedName == name else { return .otherRecipe }
        switch compare(recordedVersion, version) {
        case .orderedAscending: return .newer
        case .orderedSame: return .same
        case .orderedDescending: return .older
        }
    }

    /// Whether duo-new refuses this direction unless the user asks for it.
    public var needsPermission: Bool { self == .older || self == .otherRecipe }

    public enum Order: Sendable { case orderedAscending, orderedSame, orderedDescending }

    /// `a` against `b`.
    public static func compare(_ a: String, _ b: String) -> Order {
        let (aRelease, aPre) = split(a)
        let (bRelease, bPre) = split(b)
        let aParts = aRelease.split(separator: ".", omittingEmptySubsequences: false).map(digits)
        let bParts = bRelease.split(separator: ".", omittingEmptySubsequences: false).map(digits)
        for index in 0..<max(aParts.count, bParts.count) {
            let x = index < aParts.count ? aParts[index] : ""
            let y = index < bParts.count ? bParts[index] : ""
            if let order = compareNumbers(x, y) { return order }
        }
        switch (aPre, bPre) {
        case (nil, nil): return .orderedSame
        case (nil, _?): return .orderedDescending
        case (_?, nil): return .orderedAscending
        case (let x?, let y?): return comparePreRelease(x, y)
        }
    }

    /// A part as a number's digits without leading zeros (`""` is 0); a part that is not a
    /// number counts as 0, as it always has.
    private static func digits(_ part: Substring) -> Substring {
        guard isNumber(part) else { return "" }
        return part.drop { $0 == "0" }
    }

    private static func isNumber(_ part: Substring) -> Bool {
        !part.isEmpty && part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Two numbers' digits (no leading zeros) compared: the longer is larger, then digit by
    /// digit; nil when equal. No fixed-width integer, so no part is too long.
    private static func compareNumbers(_ x: Substring, _ y: Substring) -> Order? {
        if x.utf8.count != y.utf8.count { return x.utf8.count < y.utf8.count ? .orderedAscending : .orderedDescending }
        if x == y { return nil }
        return x.utf8.lexicographicallyPrecedes(y.utf8) ? .orderedAscending : .orderedDescending
    }

    private static func split(_ version: String) -> (String, String?) {
        guard let dash = version.firstIndex(of: "-") else { return (version, nil) }
        return (String(version[..<dash]), String(version[version.index(after: dash)...]))
    }

    private static func comparePreRelease(_ a: String, _ b: String) -> Order {
        let aParts = a.split(separator: ".", omittingEmptySubsequences: false)
        let bParts = b.split(separator: ".", omittingEmptySubsequences: false)
        for (x, y) in zip(aParts, bParts) where x != y {
            if isNumber(x), isNumber(y) { return compareNumbers(digits(x), digits(y)) ?? .orderedSame }
            return x < y ? .orderedAscending : .orderedDescending
        }
        if aParts.count == bParts.count { return .orderedSame }
        return aParts.count < bParts.count ? .orderedAscending : .orderedDescending
    }
}
