/// A recipe's `template.yaml` or a layer's `layer.yaml`, decoded and validated.
///
/// The tree to copy sits beside the manifest in `template/`. Every key is documented in
/// `docs/manifest.md`; the decoder (`ManifestDecoder`) is the only way to build one from a file.
/// A layer's manifest has no placeholders, reserved names or next steps: it takes the tokens of
/// each recipe that uses it.
public struct Manifest: Sendable, Hashable {
    /// The recipe's name; must equal its folder's name.
    public var name: String
    /// One line for `duo-new list`.
    public var summary: String
    /// The template's own version (`1.2.0`), recorded in every generated project.
    public var version: String
    /// The tokens stamped into names and contents, in manifest order.
    public var placeholders: [Placeholder]
    /// Names an AppName may not take beyond the built-in rules (compared without case).
    public var reservedNames: [String]
    /// Globs of files copied byte for byte, never stamped.
    public var verbatim: [Glob]
    /// Words shaped like a token that the tree holds on purpose (`__MY_MACRO__`): left in the
    /// text, not reported as leftovers, like the compilers' own words (`TokenLikeWords`).
    public var notTokens: [String]
    /// Globs of files and folders left out of the generated project.
    public var exclude: [Glob]
    /// Commands run in the new project after generation.
    public var checks: [Check]
    /// Text printed after generation, stamped with the same tokens.
    public var nextSteps: String
    /// The layers whose trees come before this one's, in order (`[duo-app]`).
    public var layers: [String]
    /// Paths in this tree that replace the same path of an earlier layer instead of colliding.
    public var replaces: [String]
    /// Paths generated only when their condition holds (`include-if`); in the effective manifest,
    /// the layers' entries come first.
    public var includeIf: [PathCondition]
    /// One-time commands run after writing and before the checks (`tasks:`); a recipe's only.
    public var tasks: [SetupTask]
    /// Template paths written under another path of the project (`rename:`), tokens unstamped:
    /// with `include-if`, two variants of one file chosen by an answer.
    public var rename: [String: String] = [:]

    public init(
        name: String,
        summary: String,
        version: String,
        placeholders: [Placeholder],
        reservedNames: [String] = [],
        verbatim: [Glob] = [],
        exclude: [Glob] = [],
        checks: [Check] = [],
        nextSteps: String = "",
        layers: [String] = [],
        replaces: [String] = [],
        notTokens: [String] = [],
        includeIf: [PathCondition] = [],
        tasks: [SetupTask] = []
    ) {
        self.name = name
        self.summary = summary
        self.version = version
        self.placeholders = placeholders
        self.reservedNames = reservedNames
        self.verbatim = verbatim
        self.exclude = exclude
        self.checks = checks
        self.nextSteps = nextSteps
        self.layers = layers
        self.replaces = replaces
        self.notTokens = notTokens
        self.includeIf = includeIf
        self.tasks = tasks
    }

    /// The tasks that run at `moment`, in order.
    public func tasks(at moment: SetupTask.Moment) -> [SetupTask] {
        tasks.filter { $0.on.contains(moment) }
    }

    /// The manifest's file name inside a recipe folder.
    public static let fileName = "template.yaml"
    /// The manifest's file name inside a layer folder; the folder holds a `template/` tree too.
    public static let layerFileName = "layer.yaml"
    /// The folder beside the manifest that holds the tree to copy.
    public static let treeFolderName = "template"
    /// Files that file managers leave in any folder an author opens; never part of a project, so
    /// every recipe leaves them out without listing them (and lint does not ask for an `exclude`).
    public static let alwaysExcluded: [Glob] = [Glob(".DS_Store"), Glob("Thumbs.db"), Glob("desktop.ini")]

    /// `exclude` plus `alwaysExcluded`: what generation and lint leave out of the tree.
    public var excludedGlobs: [Glob] { exclude + Self.alwaysExcluded }

    /// Whether a placeholder takes the `<bundle-id>` argument; without one, the command line
    /// takes `<recipe> <AppName> <folder>`.
    public var takesBundleID: Bool {
        placeholders.contains { $0.source == .bundleID }
    }

    /// The tokens of the secret placeholders, whose values are never recorded nor shown.
    public var secretNames: Set<String> { Set(placeholders.filter(\.secret).map(\.name)) }

    /// Each secret token with the variable a printed command reads it from instead: the
    /// placeholder's `env`, else `DUO_NEW_<TOKEN>`.
    public var secretVariables: [String: String] {
        Dictionary(uniqueKeysWithValues: placeholders.filter(\.secret).map { ($0.name, $0.environment ?? SetupTask.variable(for: $0.name)) })
    }

    /// The secrets' values among `values` (by placeholder name), the empty ones left out: what
    /// must never be shown (`SecretMask`, a leftover's diagnostic).
    public func secretValues(_ values: [String: String]) -> [String] {
        placeholders.filter(\.secret).compactMap { values[$0.name] }.filter { !$0.isEmpty }
    }

    /// `values` without the secrets: what may be recorded or shown.
    public func withoutSecrets(_ values: [String: String]) -> [String: String] {
        let secrets = secretNames
        return values.filter { !secrets.contains($0.key) }
    }

    /// Each `--set` value in `values` by its key, in the manifest's order: what a report or a
    /// log may show of how the project was made; never a secret's.
    public func shownSettings(_ values: [String: String]) -> [(key: String, value: String)] {
        placeholders.compactMap { placeholder in
            guard !placeholder.secret, let key = placeholder.settingKey, let value = values[placeholder.name] else { return nil }
            return (key, value)
        }
    }

    /// What the recipe appends to the bundle id (its bundle-id placeholder's `suffixes`).
    public var bundleIDSuffixes: [String] {
        placeholders.first { $0.source == .bundleID }?.suffixes ?? []
    }

    /// What the leftover check leaves alone in this recipe's files: the compilers' words and
    /// the recipe's `not-tokens` (its layers' joined in, in `RecipeTree.effectiveManifest`).
    public var tokenLikeWords: TokenLikeWords { TokenLikeWords(recipeWords: notTokens) }

    /// The `include-if` entries whose condition does not hold for `values`: what they name, and
    /// all it holds, is left out of the project generated with them.
    public func leftOut(by values: [String: String]) -> [PathCondition] {
        includeIf.filter { !$0.condition.holds(for: values) }
    }

    /// Whether a path relative to the tree is left out of generated projects.
    public func excludes(_ relativePath: String) -> Bool {
        excludedGlobs.contains { $0.matches(relativePath) }
    }
}

/// One token such as `__APP_NAME__` and where its value comes from.
public struct Placeholder: Sendable, Hashable {
    /// The token's name without underscores: `APP_NAME` for `__APP_NAME__`.
    public var name: String
    public var source: Source
    /// What the value means, for `--help` of a recipe and for docs.
    public var description: String?
    /// For `from: bundle-id`: what the recipe appends to the id for its other targets
    /// (`.UITests`), so the bundle-id length rule leaves room for the longest.
    public var suffixes: [String]
    /// For `from: set`: the kind of value it takes (`type:`); `.string` otherwise.
    public var type: ValueType
    /// For a `string` with a `pattern`: what the pattern asks for, in words, shown when a value
    /// does not match it.
    public var hint: String?
    /// For `from: set`: the value proposed, and taken when none is given, computed from other
    /// values (`default-from`); it wins over `default`.
    public var defaultFrom: ValueExpression?
    /// For `from: set`: asked (and given with `--set`) only when this holds (`ask-if`);
    /// otherwise the value is its default.
    public var askIf: AskCondition?
    /// The names this placeholder had in earlier versions of the recipe (`renamed-from`), the
    /// newest first: `update` carries over the value recorded under the first the record holds,
    /// so a project that skipped a version (made with `A`, updated to `C`, renamed from `B` from
    /// `A`) keeps its answer too.
    public var renamedFrom: [String] = []

    public init(
        name: String, source: Source, description: String? = nil, suffixes: [String] = [], type: ValueType = .string, hint: String? = nil
    ) {
        self.name = name
        self.source = source
        self.description = description
        self.suffixes = suffixes
        self.type = type
        self.hint = hint
    }

    /// The `--set` key of a `from: set` placeholder; nil for the AppName and the bundle id.
    public var settingKey: String? {
        if case .setting(let key, _, _) = source { key } else { nil }
    }

    /// The default of a `from: set` placeholder, in the form stamped (`true`, `7`).
    public var defaultValue: String? {
        if case .setting(_, let value, _) = source { value } else { nil }
    }

    /// A value given for this `from: set` placeholder, read by its type and held to the rules
    /// every stamped value keeps (no control characters, nothing shaped like a token, the
    /// pattern): the text stamped and recorded, or why it is refused.
    public func read(_ value: String) throws(NameError) -> String {
        guard case .setting(let key, _, let pattern) = source else { return value }
        do throws(NameError) {
            // Typed, kept in a record or a config, or a default: no value fills a disk or the memory.
            guard value.utf8.count <= PlaceholderValues.maximumValueBytes else {
                throw NameError(
                    rule: "set.length",
                    message: "the value of '\(key)' is \(value.utf8.count) bytes long; a value may have at most \(PlaceholderValues.maximumValueBytes) bytes"
                )
            }
            // An empty secret is none: a CI job's `--set key=${{ secrets.X }}` without the secret
            // gives "", as its variable would, and is refused as the variable is, not stamped empty.
            if secret, value.isEmpty {
                let variable = environment.map { ", or set \($0)" } ?? ""
                throw NameError(rule: "set.secret-empty", message: "the secret '\(key)' is given empty, which is no secret; give its value with '--set \(key)=…'\(variable)")
            }
            let typed = try type.read(value, key: key)
            try NameRules.checkSetting(typed, key: key, pattern: pattern, hint: hint)
            return typed
        } catch {
            guard secret, error.rule != "set.secret-empty" else { throw error }
            // A secret is never printed, not even in part to say why it is refused: the reason
            // is told without the value (and no suggestion, which would be made from it).
            let reason = switch error.rule {
            case "set.pattern": "does not match the template's pattern '\(pattern ?? "")'" + (hint.map { "; \($0)" } ?? "")
            case "set.control-character": "holds a control character, which a stamped value cannot hold"
            case "set.token": "holds text shaped like a token ('__' around capitals), which a value may not hold"
            case "set.length": "is longer than \(PlaceholderValues.maximumValueBytes) bytes"
            default: "is refused by the rule \(error.rule)"
            }
            throw NameError(rule: error.rule, message: "the secret value of '\(key)' (not shown) \(reason)")
        }
    }

    /// A value never written to the record or any report (`secret: true`): asked without echo,
    /// or taken from `--set` or the environment variable `environment` names (`env:`).
    public var secret = false
    public var environment: String?

    /// The literal text stamped away: `__NAME__`.
    public var token: String { TokenGrammar.token(named: name) }

    public enum Source: Sendable, Hashable {
        /// The `<AppName>` argument, checked by the AppName rules.
        case appName
        /// The `<bundle-id>` argument, checked by the bundle-id rules.
        case bundleID
        /// A `--set KEY=VALUE` value; `pattern` is a regular expression the whole value must match.
        case setting(key: String, defaultValue: String?, pattern: String?)
        /// Computed from another value (`from: derived`), never asked.
        case derived(ValueExpression)
        /// The day of generation (`from: year`, `from: date`), fixed then and kept by `update`.
        case generationDay(CalendarDay.Form)
    }
}

/// An after-generation command, run with `/bin/sh -c` in the new project's folder.
public struct Check: Sendable, Hashable {
    public var name: String
    /// The command; empty in a decoded recipe manifest while `layer` names where it comes from.
    public var run: String
    /// Seconds the check may run before it is stopped and failed; nil for `defaultTimeout`.
    public var timeout: Int?
    /// The layer that offers this check under the same name (`layer: duo-app`), in a recipe's
    /// manifest; `RecipeTree` fills `run` from it.
    public var layer: String?
    /// Commands the check needs on `PATH`; without them it is skipped, not failed.
    public var needs: CheckNeeds?
    /// Run only when asked for by name (`--with NAME`): a check that takes over something the
    /// user shares, such as the UI tests taking over the simulator.
    public var optIn: Bool = false

    /// Twenty minutes: ample for a cold compile of a large test suite on a slow machine, and
    /// still an end for a check that waits for ever.
    public static let defaultTimeout: Double = 1200
    /// The longest `timeout` a manifest may give: a day.
    public static let maximumTimeout = 86_400

    public init(name: String, run: String, timeout: Int? = nil, layer: String? = nil, needs: CheckNeeds? = nil, optIn: Bool = false) {
        self.name = name
        self.run = run
        self.timeout = timeout
        self.layer = layer
        self.needs = needs
        self.optIn = optIn
    }
}
