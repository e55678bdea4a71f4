import DuoNewCore

/// Which of a recipe's checks run on this machine and which are skipped, and why: decided before
/// any check starts, the one way both generation and `duo-new check` decide it.
///
/// A check is skipped when it is opt-in and `--with NAME` did not ask for it, or when a command
/// its `needs` names is not on `PATH`. A skip leaves the exit code alone, except that with
/// `--require-all` a skip for what the machine lacks counts as a failure (an opt-in check left
/// out is the user's choice, not the machine's). Every check is skipped when `consent` is
/// withheld (a recipe from git nobody trusted); `--require-all` counts those as failures too,
/// since they did not run.
public struct CheckSelection: Sendable, Equatable {
    /// `--with NAME`, repeatable: the opt-in checks to run too.
    public var optIn: [String]
    /// `--require-all`: a check skipped for unmet needs fails the run.
    public var requireAll: Bool
    /// Whether the recipe's commands may run at all (`CheckConsent`).
    public var consent: CheckConsent

    public init(optIn: [String] = [], requireAll: Bool = false, consent: CheckConsent = .granted) {
        self.optIn = optIn
        self.requireAll = requireAll
        self.consent = consent
    }

    /// Why a check is not run here.
    public enum SkipReason: Sendable, Equatable {
        /// Opt-in, and not asked for with `--with`.
        case optIn(check: String)
        /// A command it needs is missing; the text says which and where it comes from.
        case unmetNeeds(String)
        /// The recipe came from git and was not trusted (`CheckConsent.withheld`).
        case untrusted(source: String, trustCommand: String)

        /// As the output and `--json` give it: `opt-in; run it with --with 'UI tests'`, or
        /// `needs xcodebuild: macOS with Xcode 27.1 or later`.
        public var text: String {
            switch self {
            case .optIn(let check): "opt-in; run it with --with \(ShellQuoting.argument(check))"
            case .unmetNeeds(let why): why
            case .untrusted(let source, let command):
                "the recipe comes from '\(DisplayPath.escaped(source))' and its checks would run its commands on this machine; "
                    + "if you trust it, run '\(command)' in the project"
                    // A folder (one the record names that is not the user's own) has no URL to list.
                    + (source.hasPrefix("/") ? "" : ", or add the URL to 'trusted' in the config")
            }
        }

        /// What runs the skipped check: the trusting command for an untrusted recipe, nil for
        /// the others (the check's own command does).
        public var command: String? {
            if case .untrusted(_, let command) = self { return command }
            return nil
        }
    }

    public enum Decision: Sendable, Equatable {
        case run
        /// Not started. `fails`: `--require-all` was given and the machine lacks what the check
        /// needs, so the skip counts as a failure.
        case skip(SkipReason, fails: Bool)
    }

    /// The first `--with` name the recipe has no check of, as a usage message: the check it is
    /// a slip from (`UI test`, `ui tests`), else the recipe's checks; nil when every name is one
    /// of `checks`.
    public func unknownOptIn(in checks: [Check], recipe: String) -> String? {
        guard let unknown = optIn.first(where: { name in !checks.contains { $0.name == name } }) else { return nil }
        let refused = "--with names no check of '\(recipe)': '\(unknown)'"
        if let close = NameSuggestion.closest(to: unknown, among: checks.map(\.name)) {
            return refused + "; did you mean '\(close)'?"
        }
        let names = checks.map { "'\($0.name)'" }.joined(separator: ", ")
        return refused + "; its checks are \(names.isEmpty ? "none" : names)"
    }

    /// Whether `check` runs here; `searchPath` is the `PATH` its needs are looked up on.
    public func decide(
        _ check: Check, searchPath: String?, isExecutable: (String) -> Bool = CheckNeeds.isExecutableFile
    ) -> Decision {
        if case .withheld(let source, let command) = consent {
            return .skip(.untrusted(source: source, trustCommand: command), fails: requireAll)
        }
        if check.optIn, !optIn.contains(check.name) {
            return .skip(.optIn(check: check.name), fails: false)
        }
        if let needs = check.needs, let why = needs.unmet(searchPath: searchPath, isExecutable: isExecutable) {
            return .skip(.unmetNeeds(why), fails: requireAll)
        }
        return .run
    }
}
