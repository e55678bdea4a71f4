/// Which of a recipe's checks run on this machine and which are skipped, and why: decided before
/// any check starts, the one way both generation and `duo-new check` decide it.
///
/// A check is skipped when it is opt-in and `--with NAME` did not ask for it, or when a command
/// its `needs` names is not on `PATH`. A skip leaves the exit code alone, except that with
/// `--require-all` a skip for what the machine lacks counts as a failure (an opt-in check left
/// out is the user's choice, not the machine's).
public struct CheckSelection: Sendable, Equatable {
    /// `--with NAME`, repeatable: the opt-in checks to run too.
    public var optIn: [String]
    /// `--require-all`: a check skipped for unmet needs fails the run.
    public var requireAll: Bool

    public init(optIn: [String] = [], requireAll: Bool = false) {
        self.optIn = optIn
        self.requireAll = requireAll
    }

    /// Why a check is not run here.
    public enum SkipReason: Sendable, Equatable {
        /// Opt-in, and not asked for with `--with`.
        case optIn(check: String)
        /// A command it needs is missing; the text says which and where it comes from.
        case unmetNeeds(String)

        /// As the output and `--json` give it: `opt-in; run it with --with 'UI tests'`, or
        /// `needs xcodebuild: macOS with Xcode 27.1 or later`.
        public var text: String {
            switch self {
            case .optIn(let check): "opt-in; run it with --with \(ShellQuoting.argument(check))"
            case .unmetNeeds(let why): why
            }
        }
    }

    public enum Decision: Sendable, Equatable {
        case run
        /// Not started. `fails`: `--require-all` was given and the machine lacks what the check
        /// needs, so the skip counts as a failure.
        case skip(SkipReason, fails: Bool)
    }

    /// The first `--with` name the recipe has no check of, as a usage message; nil when every
    /// name is one of `checks`.
    public func unknownOptIn(in checks: [Check], recipe: String) -> String? {
        guard let unknown = optIn.first(where: { name in !checks.contains { $0.name == name } }) else { return nil }
        let names = checks.map { "'\($0.name)'" }.joined(separator: ", ")
        return "--with names no check of '\(recipe)': '\(unknown)'; its checks are \(names.isEmpty ? "none" : names)"
    }

    /// Whether `check` runs here; `searchPath` is the `PATH` its needs are looked up on.
    public func decide(
        _ check: Check, searchPath: String?, isExecutable: (String) -> Bool = CheckNeeds.isExecutableFile
    ) -> Decision {
        if check.optIn, !optIn.contains(check.name) {
            return .skip(.optIn(check: check.name), fails: false)
        }
        if let needs = check.needs, let why = needs.unmet(searchPath: searchPath, isExecutable: isExecutable) {
            return .skip(.unmetNeeds(why), fails: requireAll)
        }
        return .run
    }
}
