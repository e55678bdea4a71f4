import Foundation

/// The rules for the values stamped into a template: the AppName, the bundle id and `--set` values.
///
/// Pure functions: the template's side of the story arrives as a `NameContext`.
public enum NameRules {
    /// Longest AppName accepted; it also names folders, targets and `<AppName>UITests`.
    public static let maximumAppNameLength = 50
    /// Apple's limit for `CFBundleIdentifier` as App Store Connect enforces it.
    public static let maximumBundleIDLength = 155

    // MARK: - AppName

    /// Throws the first rule the AppName breaks.
    public static func checkAppName(_ name: String, context: NameContext) throws(NameError) {
        do throws(NameError) {
            try appNameRules(name, context: context)
        } catch {
            // A suggestion is a promise that it passes; one that breaks another rule
            // (`tipkit!` → `Tipkit`, a module) is worse than none.
            throw error.keepingSuggestion { (try? appNameRules($0, context: context)) != nil }
        }
    }

    private static func appNameRules(_ name: String, context: NameContext) throws(NameError) {
        guard !name.isEmpty else {
            throw NameError(rule: "app-name.empty", message: "the AppName is empty; give a name such as 'Sitter'")
        }
        if let bad = name.unicodeScalars.first(where: { !isASCIILetterOrDigit($0) }) {
            throw NameError(
                rule: "app-name.characters",
                message: "the AppName '\(name)' has \(describe(bad)), but only ASCII letters and digits are allowed",
                suggestion: suggestedAppName(for: name)
            )
        }
        if let first = name.unicodeScalars.first, !isASCIILetter(first) {
            throw NameError(
                rule: "app-name.first-character",
                message: "the AppName '\(name)' starts with '\(first)', but it must start with a letter because it becomes a Swift type",
                suggestion: suggestedAppName(for: name)
            )
        }
        if name.count > maximumAppNameLength {
            throw NameError(
                rule: "app-name.length",
                message: "the AppName '\(name)' is \(name.count) characters long, more than the \(maximumAppNameLength) allowed",
                suggestion: String(name.prefix(maximumAppNameLength))
            )
        }
        if swiftKeywords.contains(name) {
            throw NameError(
                rule: "app-name.swift-keyword",
                message: "the AppName '\(name)' is a Swift keyword and cannot name a module or type",
                suggestion: name.prefix(1).uppercased() + name.dropFirst() + "App"
            )
        }
        if let module = moduleNames.first(where: { $0.lowercased() == name.lowercased() }) {
            throw NameError(
                rule: "app-name.module",
                message: "the AppName '\(name)' is the name of the Apple or toolchain module '\(module)', which the app imports",
                suggestion: "My\(name)"
            )
        }
        if let reserved = context.reservedNames.first(where: { $0.lowercased() == name.lowercased() }) {
            throw NameError(
                rule: "app-name.reserved",
                message: "the AppName '\(name)' is reserved by the template ('\(reserved)')",
                suggestion: "\(name)App"
            )
        }
        if let clash = topLevelClash(name, context: context) {
            throw NameError(
                rule: "app-name.top-level",
                message: "the AppName '\(name)' clashes with '\(clash)' at the top of the template, compared without case as macOS file systems do",
                suggestion: "\(name)App"
            )
        }
        if context.declaredTypes.contains(name) {
            throw NameError(
                rule: "app-name.declared-type",
                message: "the AppName '\(name)' is the name of a type the template declares, and a module named like one of its types breaks name lookup",
                suggestion: "\(name)App"
            )
        }
    }

    /// The top-level name the AppName's folder would collide with, if any.
    private static func topLevelClash(_ name: String, context: NameContext) -> String? {
        let stamped = context.topLevelNames.map { entry -> (raw: String, stamped: String) in
            guard let token = context.appNameToken else { return (entry, entry) }
            return (entry, entry.replacingOccurrences(of: token, with: name))
        }
        var seen: [String: String] = [:]
        for entry in stamped {
            let key = entry.stamped.lowercased()
            // Two fixed names that differ only in case are the template's problem, not the AppName's.
            if let earlier = seen[key], earlier != entry.raw,
               let token = context.appNameToken, earlier.contains(token) || entry.raw.contains(token) {
                // Two entries become one name: report the one that holds no token (the fixed name).
                return earlier.contains("__") ? entry.raw : earlier
            }
            seen[key] = entry.raw
        }
        return nil
    }

    /// Letters and digits of the name (accents folded: `Café` → `Cafe`), each word capitalised,
    /// starting with a letter.
    package static func suggestedAppName(for name: String) -> String? {
        let folded = name.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        let words = folded.unicodeScalars.split { !isASCIILetterOrDigit($0) }
        var result = words.map { word -> String in
            let text = String(String.UnicodeScalarView(word))
            return text.prefix(1).uppercased() + text.dropFirst()
        }.joined()
        result = String(result.drop { !$0.isLetter })
        guard !result.isEmpty, result != name else { return nil }
        return String(result.prefix(maximumAppNameLength))
    }

    // MARK: - Bundle id

    /// Throws the first rule the bundle id, or an id the recipe derives from it, breaks.
    ///
    /// `suffixes` are what the recipe appends to the bundle id for its other targets (its
    /// placeholder's `suffixes`, such as `.UITests`): the longest must still fit Apple's limit.
    public static func checkBundleID(_ id: String, suffixes: [String] = []) throws(NameError) {
        do throws(NameError) {
            try bundleIDRules(id, suffixes: suffixes)
        } catch {
            // Replacing characters keeps the length, so a suggestion can still be too long.
            throw error.keepingSuggestion { (try? bundleIDRules($0, suffixes: suffixes)) != nil }
        }
    }

    /// The longest bundle id a recipe accepts: Apple's limit less its longest declared suffix.
    public static func longestBundleID(suffixes: [String]) -> Int {
        maximumBundleIDLength - (suffixes.map(\.utf8.count).max() ?? 0)
    }

    private static func bundleIDRules(_ id: String, suffixes: [String]) throws(NameError) {
        try checkBundleIDShape(id, role: "bundle id")
        guard let suffix = suffixes.max(by: { $0.utf8.count < $1.utf8.count }) else { return }
        let derived = id + suffix
        if derived.utf8.count > maximumBundleIDLength {
            throw NameError(
                rule: "bundle-id.suffixed-length",
                message: "the bundle id '\(id)' makes the recipe's id '\(derived)' \(derived.utf8.count) characters long, more than Apple's \(maximumBundleIDLength)",
                suggestion: String(id.prefix(longestBundleID(suffixes: suffixes)))
            )
        }
    }

    /// The config's `bundle-id-prefix`: a bundle id less its last segment, so the same rules
    /// with one segment enough (`com` proposes `com.sitter`); one trailing dot is allowed.
    public static func checkBundleIDPrefix(_ prefix: String) throws(NameError) {
        let trimmed = prefix.hasSuffix(".") ? String(prefix.dropLast()) : prefix
        try checkBundleIDShape(trimmed, role: "bundle-id prefix", minimumSegments: 1)
    }

    private static func checkBundleIDShape(_ id: String, role: String, minimumSegments: Int = 2) throws(NameError) {
        guard !id.isEmpty else {
            throw NameError(rule: "bundle-id.empty", message: "the \(role) is empty; give one such as 'com.example.sitter'")
        }
        if let bad = id.unicodeScalars.first(where: { !(isASCIILetterOrDigit($0) || $0 == "-" || $0 == ".") }) {
            throw NameError(
                rule: "bundle-id.characters",
                message: "the \(role) '\(id)' has \(describe(bad)), but only ASCII letters, digits, hyphens and dots are allowed",
                suggestion: suggestedBundleID(for: id)
            )
        }
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        if segments.contains(where: \.isEmpty) {
            throw NameError(
                rule: "bundle-id.empty-segment",
                message: "the \(role) '\(id)' has an empty segment (a leading, trailing or doubled dot)",
                suggestion: suggestedBundleID(for: id)
            )
        }
        if segments.count < minimumSegments {
            throw NameError(
                rule: "bundle-id.segments",
                message: "the \(role) '\(id)' has one segment, but it needs two or more separated by dots",
                suggestion: "com.example.\(id)"
            )
        }
        if id.utf8.count > maximumBundleIDLength {
            throw NameError(
                rule: "bundle-id.length",
                message: "the \(role) '\(id)' is \(id.utf8.count) characters long, more than Apple's \(maximumBundleIDLength)"
            )
        }
    }

    /// Invalid characters become hyphens; empty segments are dropped.
    package static func suggestedBundleID(for id: String) -> String? {
        let folded = id.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        let mapped = String(String.UnicodeScalarView(folded.unicodeScalars.map { scalar -> Unicode.Scalar in
            isASCIILetterOrDigit(scalar) || scalar == "." || scalar == "-" ? scalar : "-"
        }))
        let segments = mapped.split(separator: ".").filter { !$0.isEmpty }
        guard segments.count >= 2 else { return nil }
        let result = segments.joined(separator: ".")
        return result == id ? nil : result
    }

    // MARK: - --set values

    /// Throws when a `--set` value breaks the manifest's pattern or could not be stamped safely.
    public static func checkSetting(_ value: String, key: String, pattern: String?, hint: String? = nil) throws(NameError) {
        if let bad = value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw NameError(
                rule: "set.control-character",
                message: "the value of '\(key)' has \(describe(bad)); values are stamped into files and cannot hold control characters"
            )
        }
        // The grammar's scan finds what its pattern finds, without starting a regular-expression
        // engine for every value.
        // Stricter than the leftover check: no word of that shape is left alone in a value,
        // not even a compiler's, since a value is stamped where the recipe put a placeholder.
        if let found = TokenGrammar.shapedLikeTokens(in: value.unicodeScalars).first {
            throw NameError(
                rule: "set.token",
                message: "the value of '\(key)' holds '\(found.token)', text shaped like a token, which a value may not hold; choose a value without '__' around capitals"
            )
        }
        guard let pattern else { return }
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            throw NameError(rule: "set.pattern-invalid", message: "the template's pattern '\(pattern)' for '\(key)' is not a valid regular expression")
        }
        let whole = NSRange(value.startIndex..., in: value)
        let match = regex.firstMatch(in: value, options: [.anchored], range: whole)
        if match?.range != whole {
            throw NameError(
                rule: "set.pattern",
                message: "the value '\(value)' of '\(key)' does not match the template's pattern '\(pattern)'" + (hint.map { "; \($0)" } ?? "")
            )
        }
    }

    // MARK: - Helpers

    package static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    package static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || ("0"..."9").contains(scalar)
    }

    /// `a space`, `'é' (U+00E9)`: how a refused character is named in a message.
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": return "a space"
        case "_": return "an underscore ('_')"
        case _ where scalar.properties.generalCategory == .control || scalar.value > 0x7E:
            return "the character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        default: return "the character '\(scalar)'"
        }
    }
}

private extension NameError {
    /// The same refusal, without its suggestion unless the suggestion passes.
    func keepingSuggestion(if passes: (String) -> Bool) -> NameError {
        guard let suggestion, !passes(suggestion) else { return self }
        return NameError(rule: rule, message: message, suggestion: nil)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
