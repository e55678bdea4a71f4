import DuoNewCore
import Foundation

/// Everything `TemplateLinter` reports beyond the manifest's own errors; each message is written here once.
public enum LintProblem: Sendable, Hashable {
    /// `meant`: the declared token it is probably a misspelling of.
    case undeclaredToken(String, meant: String?)
    case undeclaredLayerToken(String, recipe: String, layer: String, manifest: String, meant: String?)
    /// A `not-tokens` word found nowhere in the tree.
    case notTokenMatchesNothing(String)
    case unusedToken(String)
    case binaryNotVerbatim(path: String)
    /// A file that is not UTF-8 text, matching no `verbatim` glob, whose bytes hold a declared
    /// token (as ASCII, or `utf16`): copied byte for byte, the token is never stamped.
    case tokenInNonUTF8File(path: String, token: String, utf16: Bool)
    case verbatimMatchesNothing(String)
    case excludeMatchesNothing(String)
    case absoluteSymlink(path: String, target: String)
    case symlinkOutsideTree(path: String, target: String)
    /// A link whose target names nothing the project gets: no entry of the tree (or one `exclude`
    /// leaves out), or a file `rename` writes under another name (`renamed`, its new path).
    case symlinkTargetMissing(path: String, target: String, renamed: String?)
    case caseCollision(path: String, other: String)
    case componentTooLong(bytes: Int)
    case pathTooLong(bytes: Int)
    case checkCommandMissing(check: String, command: String)
    case checkCommandNotExecutable(check: String, command: String)
    case taskCommandMissing(task: String, command: String)
    case taskCommandNotExecutable(task: String, command: String)
    case tokenLeftAfterTrial(String, sample: String)
    case trialFailed(reason: String)
    /// A `default-from` works out, from the sample values, a value its placeholder's rules refuse.
    case proposalBreaksRule(token: String, value: String, reason: String)
    case nonPortablePattern(token: String, construct: String, fix: String)
    /// A file its owner cannot read, or a folder its owner cannot list: generation as that user fails.
    case unreadableEntry(path: String, mode: Int, isFolder: Bool)
    /// A name generation refuses (`ContainedPath`'s rule for names): a newline or another
    /// control character, which breaks listings, logs and shell scripts, or git's own `.git`.
    case unusableName(path: String, problem: ContainedPathProblem)
    /// A name duo-new writes into a project itself (`ReservedProjectName`): `use` says what for.
    case reservedName(path: String, use: String)
    /// Undeclared tokens in one file past the ones described.
    case moreUndeclaredTokens(Int)
    /// An `include-if` path that names nothing in the tree.
    /// With the files `rename` writes to that path, when it is a rename's target.
    case conditionPathMissing(String, renamedFrom: [String] = [])
    /// A `rename` entry that names no file of the tree, and two variants written together.
    case renamedPathMissing(String, reversedOf: String? = nil)
    case tokenInVerbatimFile(path: String, token: String)
    case variantsTogether(renamed: String, other: String, target: String, values: [String])
    /// A `next-steps` line that changes into a folder a value names (`cd __APP_NAME__`), not
    /// into the project's folder (`NextStepsRule`).
    case nextStepsFolderFromValue(folder: String, fix: String)
    /// A task's command, or a script it runs, reads `$DUO_NEW_<NAME>` for a name no placeholder has.
    case taskReadsUndeclaredValue(task: String, name: String, meant: String?)
    /// A check's command, or a script it runs, reads `$DUO_NEW_<NAME>`: checks are given no values.
    case checkReadsValue(check: String, name: String, inScript: Bool)
    /// Too many combinations of bool and choice values to try them all: how many were tried.
    case combinationsSampled(tried: Int, of: Int)

    public var severity: Diagnostic.Severity {
        switch self {
        // What generation accepts is a warning: the generated project is the same with or without it.
        case .binaryNotVerbatim, .tokenInNonUTF8File, .tokenInVerbatimFile, .symlinkTargetMissing, .excludeMatchesNothing, .verbatimMatchesNothing, .notTokenMatchesNothing, .unusedToken, .nonPortablePattern, .unreadableEntry,
             .nextStepsFolderFromValue, .taskReadsUndeclaredValue, .checkReadsValue: return .warning
        case .combinationsSampled: return .note
        default: return .error
        }
    }

    // architecture: message table (one case per problem; ArchitectureTests lets it pass 80 lines)
    public var message: String {
        switch self {
        case .undeclaredToken(let token, let meant?):
            return "token '\(token)' is not declared, so it would be left in the generated project; did you mean '\(meant)'?"
        case .undeclaredToken(let token, nil):
            return "token '\(token)' is not declared, so it would be left in the generated project; declare '\(token.dropFirst(2).dropLast(2))' under 'placeholders', list it under 'not-tokens' if it is meant to stay, or remove it"
        case .undeclaredLayerToken(let token, let recipe, let layer, let manifest, let meant):
            let fix = meant.map { "did you mean '\($0)'?" }
                ?? "declare '\(token.dropFirst(2).dropLast(2))' under 'placeholders' in '\(manifest)', list it under 'not-tokens' if it is meant to stay, or remove it from the layer"
            return "token '\(token)' in layer '\(layer)' is not declared by recipe '\(recipe)', which uses the layer, so it would be left in its projects; \(fix)"
        case .notTokenMatchesNothing(let word):
            return "'\(word)' in 'not-tokens' appears nowhere in the tree; remove it, or check its spelling"
        case .nextStepsFolderFromValue(let folder, let fix):
            return "'next-steps' says 'cd \(folder)', but the project is written to the folder the command line names, which may be named otherwise ('./Sitter', '~/Apps/Cam', '.'); write 'cd \(fix)' (__DESTINATION__ is that folder as the user gave it)"
        case .taskReadsUndeclaredValue(let task, let name, let meant?):
            return "task '\(task)' reads '$\(SetupTask.variable(for: name))', but no placeholder is '\(name)', so it is empty when the task runs; did you mean '$\(SetupTask.variable(for: meant))'?"
        case .taskReadsUndeclaredValue(let task, let name, nil):
            return "task '\(task)' reads '$\(SetupTask.variable(for: name))', but no placeholder is '\(name)', so it is empty when the task runs; a task sees each placeholder's value as '$DUO_NEW_<TOKEN>': declare '\(name)' under 'placeholders', or read one that is declared"
        case .checkReadsValue(let check, let name, let inScript):
            let fix = inScript ? "write '__\(name)__' in the script, which is stamped" : "run a script of the tree instead, in which '__\(name)__' is stamped"
            return "check '\(check)' reads '$\(SetupTask.variable(for: name))', but only tasks are given the values, so it is empty when the check runs; \(fix)"
        case .unusedToken(let name):
            return "placeholder '\(name)' is declared but '__\(name)__' appears nowhere in the tree or next-steps, and no task reads '$\(SetupTask.variable(for: name))'; use it or remove it"
        case .binaryNotVerbatim(let path):
            return "'\(path)' looks binary (a NUL byte or invalid UTF-8) but matches no 'verbatim' glob; add a glob so it is copied byte for byte"
        case .tokenInNonUTF8File(let path, let token, let utf16):
            return "'\(DisplayPath.escaped(path))' holds '\(token)'\(utf16 ? " in UTF-16" : ""), but it is not UTF-8 text (a NUL byte or invalid UTF-8), so it is copied byte for byte and the token is never stamped; save it as UTF-8 to have it stamped, or add a 'verbatim' glob if the token is meant to stay"
        case .verbatimMatchesNothing(let pattern):
            return "verbatim glob '\(pattern)' matches nothing in the tree; fix it or remove it"
        case .excludeMatchesNothing(let pattern):
            return "exclude glob '\(pattern)' matches nothing in the tree; fix it or remove it"
        case .absoluteSymlink(let path, let target):
            return "symbolic link '\(path)' points at the absolute path '\(target)', which a generated project elsewhere would not have; point it inside the tree with a relative path"
        case .symlinkOutsideTree(let path, let target):
            return "symbolic link '\(path)' points at '\(target)', outside the template tree; point it inside the tree or copy the file in"
        case .symlinkTargetMissing(let path, let target, let renamed?):
            return "symbolic link '\(DisplayPath.escaped(path))' points at '\(DisplayPath.escaped(target))', which 'rename' writes as '\(DisplayPath.escaped(renamed))', so the generated link would point at nothing; point it at the new name"
        case .symlinkTargetMissing(let path, let target, nil):
            return "symbolic link '\(DisplayPath.escaped(path))' points at '\(DisplayPath.escaped(target))', which is not in the template tree (or 'exclude' leaves it out), so the generated link would point at nothing; point it at a file of the tree, or remove it"
        case .caseCollision(let path, let other) where path == other:
            // Equal as Swift compares strings, canonically: the bytes differ only in how an
            // accent is written, which a Mac's file system takes for one name too.
            return "'\(path)' and '\(other)' differ only in how an accented letter is written (one character, or a letter and a combining mark) and collide on macOS file systems; rename one"
        case .caseCollision(let path, let other):
            return "'\(path)' and '\(other)' differ only by case and collide on macOS file systems; rename one"
        case .componentTooLong(let bytes):
            return "this name becomes \(bytes) bytes when stamped with the longest allowed values, over the \(TemplateLinter.maximumComponentBytes)-byte limit of file systems; shorten it"
        case .pathTooLong(let bytes):
            return "this path becomes \(bytes) bytes when stamped with the longest allowed values, over the \(TemplateLinter.maximumPathBytes)-byte limit of macOS; shorten its names or nest less deeply"
        case .checkCommandMissing(let check, let command):
            return "check '\(check)' runs '\(command)', which is not in the template tree or is left out of it ('include-if', 'exclude'); add it, keep it in, or fix 'run'"
        case .taskCommandMissing(let task, let command):
            return "task '\(task)' runs '\(command)', which is not in the template tree or is left out of it ('include-if', 'exclude'); add it, keep it in, or fix 'run'"
        case .taskCommandNotExecutable(let task, let command):
            return "task '\(task)' runs '\(command)', which is not executable; run 'chmod +x' on it in the template tree"
        case .checkCommandNotExecutable(let check, let command):
            return "check '\(check)' runs '\(command)', which is not executable; run 'chmod +x' on it in the template tree"
        case .tokenLeftAfterTrial(let token, let sample):
            return "a trial generation with sample values (\(sample)) leaves '\(token)' here; declare it under 'placeholders', or list it under 'not-tokens' if it is meant to stay"
        case .trialFailed(let reason):
            return "a trial generation with sample values failed: \(reason)"
        case .proposalBreaksRule(let token, let value, let reason):
            return "the 'default-from' of '\(token)' proposes '\(DisplayPath.escaped(value))' from the sample values, which its own rules refuse (\(reason)); generation would refuse the user for a value they never typed, so make the proposal fit the rule, or loosen the rule"
        case .nonPortablePattern(let token, let construct, let fix):
            return "the pattern of placeholder '\(token)' uses \(construct), which duo-new's ICU reads but editors checking the schema (ECMAScript) read differently or not at all; \(fix)"
        case .unreadableEntry(let path, let mode, let isFolder):
            let fix = isFolder ? "u+rx" : "u+r"
            return "'\(DisplayPath.escaped(path))' has mode \(String(format: "%03o", mode)), so its owner cannot \(isFolder ? "list" : "read") it and generating as an ordinary user fails; run 'chmod \(fix)' on it"
        case .moreUndeclaredTokens(let count):
            return "\(count) more undeclared token\(count == 1 ? "" : "s") in this file, not shown one by one; declare them under 'placeholders' or remove them"
        case .tokenInVerbatimFile(let path, let token):
            return "'\(DisplayPath.escaped(path))' is copied verbatim but holds '\(token)', which is never stamped there; remove the file from 'verbatim' to stamp it, or the token from the file"
        case .renamedPathMissing(let path, let target):
            return PlanProblem.renamedPathMissing(path, reversedOf: target).message
        case .variantsTogether(let renamed, let other, let target, let values):
            let when = values.isEmpty ? "always" : "when " + values.joined(separator: ", ")
            return "'\(DisplayPath.escaped(renamed))' and '\(DisplayPath.escaped(other))' are both written to '\(DisplayPath.escaped(target))' \(when); give them 'include-if' conditions that never hold together"
        case .conditionPathMissing(let path, let renamed) where !renamed.isEmpty:
            let files = renamed.map { "'\(DisplayPath.escaped($0))'" }.joined(separator: " and ")
            return "'\(DisplayPath.escaped(path))' in 'include-if' names nothing in the tree: it is the name 'rename' gives \(files), and 'include-if' names each file as the tree does; give the condition to \(files) instead, or remove the entry"
        case .conditionPathMissing(let path, _):
            return "'\(DisplayPath.escaped(path))' in 'include-if' names nothing in the tree; fix the path or remove the entry"
        case .combinationsSampled(let tried, let total):
            let all = total == Int.max ? "more than \(Int.max)" : "\(total)"
            return "the bool and choice values make \(all) combinations, too many to try each; the trial generation tried \(tried): the defaults, every value at least once, and a fixed sample of the rest"
        case .reservedName(let path, let use):
            return PlanProblem.reservedName(path: path, use: use).message
        case .unusableName(let path, let problem):
            return PlanProblem.unusableName(path: path, problem: problem).message
        }
    }
}
