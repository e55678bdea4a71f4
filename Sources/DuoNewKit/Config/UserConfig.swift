import DuoNewCore
import Foundation

/// A user's defaults, from `$XDG_CONFIG_HOME/duo-new/config.yaml` (`~/.config` when the variable
/// is unset): the bundle-id prefix proposed for new apps, default `--set` values, and extra
/// folders of recipes. Read with the same YAML layer as manifests; values given on the command
/// line win over these.
///
/// ```yaml
/// bundle-id-prefix: com.example
/// set:
///   greeting: Howdy
/// templates:
///   - ~/Recipes
/// trusted:
///   - git+https://github.com/acme
/// ```
///
/// Every value is checked as it is read, so a bad one is reported at its line rather than
/// where it is used: the prefix follows the bundle-id rules, each `trusted` entry is a git URL
/// naming a path (`TrustedSource`).
public struct UserConfig: Sendable, Equatable {
    public static let keys = ["bundle-id-prefix", "set", "templates", "trusted"]

    /// Where the file is read from (it need not exist).
    public var path: String
    /// Whether the file was there to read.
    public var exists: Bool
    public var bundleIDPrefix: String?
    /// Default `--set` values, in the file's order; a recipe takes those it declares.
    public var settings: [(key: String, value: String)]
    /// Extra folders of recipes, `~` expanded and relative paths made absolute (against the
    /// config file's folder); searched before the bundled recipes.
    public var templates: [String]
    /// Git URLs whose recipes' checks run without `--trust` (`TrustedSource` has the rule).
    public var trusted: [TrustedSource]
    /// Where each value was read, 1-based `line:column` in `path`, so a value refused later (a
    /// `set` value the recipe's pattern rejects, a templates folder that is not there) is
    /// reported at its place: `set` values by key, templates by their index.
    public var settingPlaces: [String: SourceLocation] = [:]
    /// Where each `set` key itself was written: a key no recipe declares is warned about there.
    public var settingKeyPlaces: [String: SourceLocation] = [:]
    public var templatePlaces: [SourceLocation] = []

    public init(
        path: String, exists: Bool = false, bundleIDPrefix: String? = nil, settings: [(key: String, value: String)] = [],
        templates: [String] = [], trusted: [TrustedSource] = []
    ) {
        self.path = path
        self.exists = exists
        self.bundleIDPrefix = bundleIDPrefix
        self.settings = settings
        self.templates = templates
        self.trusted = trusted
    }

    public static func == (lhs: UserConfig, rhs: UserConfig) -> Bool {
        lhs.path == rhs.path && lhs.exists == rhs.exists && lhs.bundleIDPrefix == rhs.bundleIDPrefix
            && lhs.settings.map(\.key) == rhs.settings.map(\.key) && lhs.settings.map(\.value) == rhs.settings.map(\.value)
            && lhs.templates == rhs.templates && lhs.trusted == rhs.trusted
    }

    /// The config file's path: `$XDG_CONFIG_HOME/duo-new/config.yaml`, else `$HOME/.config/…`.
    /// A relative `XDG_CONFIG_HOME` is ignored, as the XDG rules say.
    public static func path(environment: [String: String]) -> String? {
        XDGFolder.config.path("config.yaml", environment: environment)
    }

    /// The user's config as a run reads it: a broken file is refused (78) with its problems at
    /// their lines, never ignored.
    public static func read(environment: [String: String]) throws(GenerationFailure) -> UserConfig {
        do {
            return try load(environment: environment)
        } catch {
            throw GenerationFailure(
                .brokenRecipe, "the config file '\(error.path)' is broken; fix it, or move it away to use no defaults", diagnostics: error.diagnostics
            )
        }
    }

    /// Reads the user's config; a missing file is an empty config, a broken one an error.
    public static func load(environment: [String: String]) throws(UserConfigError) -> UserConfig {
        guard let path = path(environment: environment) else { return UserConfig(path: "") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            // A link to nothing is a mistake to name, not an absent config.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                throw UserConfigError(path: path, problems: [.init(message: "is a symbolic link to '\(DisplayPath.escaped(target))', which is not there; fix the link or remove it")])
            }
            return UserConfig(path: path)
        }
        guard !isFolder.boolValue else {
            throw UserConfigError(path: path, problems: [.init(message: "is a folder, not a file; remove it or put a config.yaml in its place")])
        }
        switch POSIX.readRegularFile(path, limit: maximumBytes, followingLinks: true) {
        case .bytes(let bytes):
            return try decode(bytes, path: path, home: environment["HOME"])
        case .notRegular:
            throw UserConfigError(path: path, problems: [.init(message: "is not a regular file (a FIFO or a device); put a YAML file in its place")])
        case .tooLarge(let bytes):
            throw UserConfigError(path: path, problems: [.init(message: "is \(bytes) bytes or more, over the \(maximumBytes)-byte limit for a config; is it the right file?")])
        case .failed(let reason):
            throw UserConfigError(path: path, problems: [.init(message: "could not be read: \(reason)")])
        }
    }

    /// The largest config read; a real one is a few hundred bytes.
    public static let maximumBytes = 1 << 20

    /// Decodes a config file's bytes; every problem of the file is collected, each at its place.
    public static func decode(_ bytes: [UInt8], path: String, home: String?) throws(UserConfigError) -> UserConfig {
        var config = UserConfig(path: path, exists: true)
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(utf8: bytes)
        } catch {
            throw UserConfigError(path: path, problems: error.problems.map { .init(mark: $0.mark, message: $0.message, note: $0.note) })
        }
        guard let root else { return config }
        guard case .mapping(let pairs) = root.kind else {
            throw UserConfigError(path: path, problems: [.init(mark: root.mark, message: "the config is a mapping of \(quotedKeys); see 'duo-new config --help'")])
        }
        var problems: [UserConfigError.Problem] = []
        let folder = (path as NSString).deletingLastPathComponent
        for pair in pairs {
            let key = pair.key.scalarValue ?? ""
            switch key {
            case "bundle-id-prefix":
                if let prefix = pair.value.stringValue, !prefix.isEmpty {
                    do throws(NameError) {
                        try NameRules.checkBundleIDPrefix(prefix)
                        config.bundleIDPrefix = prefix
                    } catch {
                        problems.append(.init(mark: pair.value.mark, message: error.withRule))
                    }
                } else {
                    problems.append(.init(mark: pair.value.mark, message: "'bundle-id-prefix' is a text such as 'com.example'"))
                }
            case "set":
                guard case .mapping(let settings) = pair.value.kind else {
                    problems.append(.init(mark: pair.value.mark, message: "'set' is a mapping of setting names to values, such as 'greeting: Howdy'"))
                    continue
                }
                for setting in settings {
                    guard let name = setting.key.stringValue, !name.isEmpty else {
                        problems.append(.init(mark: setting.key.mark, message: "a setting's name is a text, such as 'greeting'"))
                        continue
                    }
                    guard let value = setting.value.scalarValue, setting.value.scalarType != .null else {
                        problems.append(.init(mark: setting.value.mark, message: "the value of '\(name)' is one text, such as 'greeting: Howdy'"))
                        continue
                    }
                    config.settings.append((name, value))
                    config.settingPlaces[name] = place(setting.value.mark, path: path)
                    config.settingKeyPlaces[name] = place(setting.key.mark, path: path)
                }
            case "templates":
                let items: [YAMLNode]
                switch pair.value.kind {
                case .sequence(let list): items = list
                case .scalar: items = [pair.value]
                case .mapping: items = []
                    problems.append(.init(mark: pair.value.mark, message: "'templates' is a list of folders (or git URLs) holding recipe folders"))
                }
                for item in items {
                    guard let text = item.stringValue, !text.isEmpty else {
                        let what = item.stringValue == nil
                            ? "each of 'templates' is a folder path (or a git URL) as text"
                            : "an entry of 'templates' is empty; give a folder path (or a git URL), or remove the entry"
                        problems.append(.init(mark: item.mark, message: what))
                        continue
                    }
                    config.templates.append(resolve(text, folder: folder, home: home))
                    config.templatePlaces.append(place(item.mark, path: path))
                }
            case "trusted":
                config.trusted += trustedSources(pair.value, problems: &problems)
            default:
                let suggestion = NameSuggestion.closest(to: key, among: keys).map { "; did you mean '\($0)'?" } ?? "; the keys are \(quotedKeys)"
                problems.append(.init(mark: pair.key.mark, message: "unknown key '\(key)'\(suggestion)"))
            }
        }
        guard problems.isEmpty else { throw UserConfigError(path: path, problems: problems) }
        return config
    }

    /// The `trusted` list: git URLs, each checked by `TrustedSource`.
    private static func trustedSources(_ node: YAMLNode, problems: inout [UserConfigError.Problem]) -> [TrustedSource] {
        let items: [YAMLNode]
        switch node.kind {
        case .sequence(let list): items = list
        case .scalar: items = [node]
        case .mapping:
            problems.append(.init(mark: node.mark, message: "'trusted' is a list of git URLs, such as '- git+https://github.com/acme'"))
            return []
        }
        var sources: [TrustedSource] = []
        for item in items {
            guard let text = item.stringValue, !text.isEmpty else {
                let what = item.stringValue == nil
                    ? "each of 'trusted' is a git URL as text, such as 'git+https://github.com/acme'"
                    : "an entry of 'trusted' is empty; give a git URL, such as 'git+https://github.com/acme', or remove the entry"
                problems.append(.init(mark: item.mark, message: what))
                continue
            }
            do {
                sources.append(try TrustedSource(text))
            } catch {
                problems.append(.init(mark: item.mark, message: "a 'trusted' entry must be a git URL: \(error.reason)"))
            }
        }
        return sources
    }

    private static func place(_ mark: YAMLMark, path: String) -> SourceLocation {
        SourceLocation(file: path, line: mark.line, column: mark.column)
    }

    private static var quotedKeys: String {
        keys.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// `~/x` under the home folder, a relative path against the config's folder; URLs as they are.
    static func resolve(_ text: String, folder: String, home: String?) -> String {
        if text.contains("://") { return text }
        let expanded = expandingHome(text, home: home)
        if expanded != text { return expanded }
        if text.hasPrefix("/") { return text }
        return ((folder as NSString).appendingPathComponent(text) as NSString).standardizingPath
    }
}

extension UserConfig {
    /// `path` with a leading `~` (alone, or before `/`) as `home`, as a shell expands it: for a
    /// path no shell read (the config's, an answer at a question, a word Tab is asked about).
    /// Unchanged without a home.
    public static func expandingHome(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    /// Why a folder to be made, `shown` as the command line gave it (`'~/Apps/Sitter'`,
    /// `'--pictures ~/pics'`), is refused when `path` starts with a `~` no shell expanded (it was
    /// quoted): it would make a folder named `~` in the working folder, which a later `rm -rf ~`
    /// meant for it would turn into a disaster. Nil for any other path.
    public static func unexpandedHomeRefusal(_ shown: String, path: String) -> String? {
        guard path == "~" || path.hasPrefix("~/") else { return nil }
        let rest = DisplayPath.escaped(String(path.dropFirst()))
        return "\(shown) starts with a '~' the shell left as it is (it was quoted), which would make a folder named '~' here; write $HOME\(rest), or './~\(rest)' for a folder named '~'"
    }

    /// The config's `set` values this recipe declares and the command line did not give, to go
    /// before the command line's own; other recipes' settings are left out.
    public func defaultSettings(for manifest: Manifest, given: [String]) -> [(key: String, value: String)] {
        let declared = Set(manifest.placeholders.compactMap { placeholder -> String? in
            if case .setting(let key, _, _) = placeholder.source { key } else { nil }
        })
        var seen = Set(given)
        return settings.filter { declared.contains($0.key) && seen.insert($0.key).inserted }
    }

    /// The config's `set` values `help <recipe>` shows beside their defaults, by key: those the
    /// recipe declares, never a secret's (the config may not give one, and help would print it).
    public func helpSettings(for manifest: Manifest) -> [String: String] {
        let secrets = Set(manifest.placeholders.filter(\.secret).compactMap(\.settingKey))
        let shown = defaultSettings(for: manifest, given: []).filter { !secrets.contains($0.key) }
        return Dictionary(shown.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A bundle id proposed for an AppName, and where it came from, in words.
    public struct BundleIDProposal: Sendable, Equatable {
        public var id: String
        /// `from the config's bundle-id-prefix`, or how the fallback was made.
        public var origin: String
    }

    /// The prefix proposed when the config gives none: Xcode's own placeholder organisation.
    public static let fallbackBundleIDPrefix = "com.example"

    /// The bundle id the prompt and `--defaults` both propose: from the config's prefix, else
    /// `com.example.<AppName in lower case>`, each saying where it came from.
    public func bundleIDProposal(for appName: String) -> BundleIDProposal {
        if let id = proposedBundleID(for: appName) { return BundleIDProposal(id: id, origin: "from the config's bundle-id-prefix") }
        let missing = exists ? "'\(path)' has no bundle-id-prefix" : "there is no config file ('\(path)')"
        return BundleIDProposal(
            id: "\(Self.fallbackBundleIDPrefix).\(appName.lowercased())",
            origin: "\(Self.fallbackBundleIDPrefix).<AppName in lower case>, as \(missing); 'bundle-id-prefix: com.yours' there proposes your own"
        )
    }

    /// The bundle id proposed for an AppName: the prefix, then the name in lower case
    /// (`com.example` and `Sitter` make `com.example.sitter`); nil without a prefix.
    public func proposedBundleID(for appName: String) -> String? {
        guard let prefix = bundleIDPrefix?.trimmingCharacters(in: CharacterSet(charactersIn: ".")), !prefix.isEmpty else { return nil }
        return "\(prefix).\(appName.lowercased())"
    }
}
