/// Everything the manifest decoder can refuse; each message is written here once.
public enum ManifestProblem: Sendable, Hashable {
    // MARK: - The file
    case missingManifest(folder: String)
    case unreadableManifest(path: String, reason: String)
    case manifestNotAFile(path: String, kind: String)
    case manifestTooLarge(path: String, bytes: Int, limit: Int)
    case missingRecipeFolder(folder: String)
    case recipeFolderIsAFile(folder: String)
    case emptyManifest
    case topLevelNotMapping(found: String)
    case missingTree(folder: String)
    /// The manifest is a symbolic link: from a recipe cloned from git, it could point anywhere.
    case manifestIsLink(path: String)
    /// The `template/` tree is a symbolic link: generation would copy whatever it points at.
    case treeIsLink(path: String)
    case folderIsLink(path: String)
    case nameDiffersFromFolder(name: String, folder: String)

    // MARK: - Shape
    case unknownKey(String, context: String?, suggestion: String?, allowed: [String])
    case missingKey(String, context: String?, example: String)
    case misplacedKey(String, context: String?, owner: String, fix: String)
    /// A key a recipe's `template.yaml` takes, written in a layer's `layer.yaml`.
    case recipeOnlyKey(String, context: String?)
    case wrongType(path: String, expected: String, found: String, fix: String?)
    case nonScalarKey(found: String)
    case emptyValue(path: String)

    // MARK: - Values
    case invalidRecipeName(String)
    case multilineSummary
    case summaryControlCharacter(scalar: String)
    case invalidVersion(String)
    case invalidTokenName(String, suggestion: String?)
    case ambiguousTokenName(String)
    case builtInToken(String)
    case unknownSource(String, suggestion: String?)
    case duplicateSource(source: String, token: String, firstToken: String)
    case settingOnlyKey(String, token: String, source: String)
    case bundleIDOnlyKey(String, token: String, source: String)
    case invalidBundleIDSuffix(String, token: String)
    case invalidSettingKey(String, token: String, suggestion: String?)
    case duplicateSettingKey(String, token: String, firstToken: String)
    case invalidPattern(String, token: String)
    case defaultDoesNotMatch(defaultValue: String, pattern: String, token: String)
    case defaultLooksLikeToken(String, token: String)
    case defaultHasControlCharacter(token: String, scalar: String)
    case defaultTooLong(token: String, bytes: Int)
    case invalidGlob(list: String, problem: String)
    case duplicateCheckName(String, firstLine: Int)
    case invalidCheckTimeout(path: String, found: String)
    case invalidNeededCommand(String, path: String)
    case undeclaredToken(String, in: String)
    /// A printed text (`next-steps`) holds a secret's token.
    case secretInPrintedText(String, in: String)
    case checkRunAndLayer(index: Int)
    case invalidLayerName(String)
    case duplicateLayer(String)
    case invalidReplacedPath(String)
    case duplicateReplacedPath(String)
    case notTokenShape(String)
    case notTokenDeclared(String, placeholder: String)
    case duplicateNotToken(String)
    /// A placeholder's `type` and its keys (`PlaceholderTypeProblem`).
    case placeholderType(PlaceholderTypeProblem)
    /// An `include-if` condition (`ConditionProblem`).
    case condition(ConditionProblem)
    case invalidConditionPath(String)
    /// A placeholder's value rules (`ValueRuleProblem`).
    case valueRule(ValueRuleProblem)
    /// Tasks, secrets and renames (`SetupProblem`).
    case setup(SetupProblem)

    // architecture: message table (one case per problem; ArchitectureTests lets it pass 80 lines)
    public var message: String {
        switch self {
        case .missingManifest(let folder):
            return "no '\(Manifest.fileName)' in '\(folder)'; a recipe folder holds '\(Manifest.fileName)' and the '\(Manifest.treeFolderName)/' tree"
        case .unreadableManifest(let path, let reason):
            return "could not read '\(path)': \(reason)"
        case .manifestNotAFile(let path, let kind):
            return "'\(path)' is \(kind), not a file; the manifest is a YAML file named '\(Manifest.fileName)'"
        case .manifestTooLarge(let path, let bytes, let limit):
            return "'\(path)' is \(bytes) bytes or more, over the \(limit)-byte limit for a manifest; is it the right file?"
        case .missingRecipeFolder(let folder):
            return "the recipe folder '\(folder)' does not exist"
        case .recipeFolderIsAFile(let folder):
            return "'\(folder)' is a file, not a recipe folder; give the folder that holds '\(Manifest.fileName)' and '\(Manifest.treeFolderName)/'"
        case .topLevelNotMapping(let found):
            return "the manifest must be a mapping of keys such as 'name: …', not \(found)"
        case .emptyManifest:
            return "the manifest is empty; start with 'name', 'summary', 'version' and 'placeholders'"
        case .missingTree(let folder):
            return "no '\(Manifest.treeFolderName)/' folder beside the manifest; put the tree to copy in '\(folder)/\(Manifest.treeFolderName)/'"
        case .manifestIsLink(let path):
            return "'\(path)' is a symbolic link; a manifest must be a file in its folder, since a link (in a recipe from git, say) could make duo-new read a file from anywhere; replace the link with the file"
        case .folderIsLink(let path):
            return "'\(path)' is a symbolic link; a recipe or layer must be a folder of its own in its source, since a link (in a recipe from git, say) would make duo-new read and copy whatever it points at; replace the link with the folder"
        case .treeIsLink(let path):
            return "'\(path)' is a symbolic link; the tree must be a folder in its recipe's or layer's folder, since a link (in a recipe from git, say) would make duo-new copy whatever it points at into the project; replace the link with the folder"
        case .nameDiffersFromFolder(let name, let folder):
            return "name '\(name)' differs from its folder's name '\(folder)'; rename one so they match"
        case .unknownKey(let key, let context, let suggestion, let allowed):
            let place = context.map { " in \($0)" } ?? ""
            if let suggestion { return "unknown key '\(key)'\(place); did you mean '\(suggestion)'?" }
            return "unknown key '\(key)'\(place); the keys are \(Self.list(allowed))"
        case .recipeOnlyKey(let key, let context):
            let place = context.map { " in \($0)" } ?? ""
            let reason = switch key {
            case "placeholders": "a layer's files use the tokens of each recipe that uses it, and the recipe declares them"
            case "layer": "a layer offers a check with 'run', and a recipe runs it with 'layer'"
            default: "write it in each recipe that uses the layer"
            }
            return "'\(key)'\(place) belongs in a recipe's '\(Manifest.fileName)', not in a layer's '\(Manifest.layerFileName)'; \(reason)"
        case .misplacedKey(let key, let context, let owner, let fix):
            let place = context.map { " in \($0)" } ?? " at the top level"
            return "unknown key '\(key)'\(place); '\(key)' is \(owner), so check this line's indentation: \(fix)"
        case .missingKey(let key, let context, let example):
            let place = context.map { " in \($0)" } ?? ""
            return "missing required key '\(key)'\(place); add '\(example)'"
        case .wrongType(let path, let expected, let found, let fix):
            return "'\(path)' must be \(expected), not \(found)" + (fix.map { "; \($0)" } ?? "")
        case .nonScalarKey(let found):
            return "a key must be a plain name, not \(found); write 'name: value'"
        case .emptyValue(let path) where path == "placeholders":
            return "'placeholders' is empty; it needs at least 'APP_NAME: {from: app-name}'"
        case .emptyValue(let path):
            return "'\(path)' is empty; write a value or remove it"
        case .invalidRecipeName(let name):
            return "name '\(name)' is not a valid recipe name; use ASCII letters, digits, '-', '_' and '.', starting with a letter or digit"
        case .multilineSummary:
            return "'summary' must be one line; move the rest into the recipe's README"
        case .summaryControlCharacter(let scalar):
            return "'summary' has the control character \(scalar), which a terminal would act on rather than show; remove it"
        case .invalidVersion(let version):
            return "version '\(version)' is not a version number; write digits and dots with an optional '-suffix', like '1.0.0' or '2.1.0-beta'"
        case .invalidTokenName(let name, let suggestion):
            let fix = suggestion.map { "; did you mean '\($0)'?" } ?? "; use capital letters, digits and '_', starting with a letter, like 'APP_NAME'"
            return "token name '\(name)' is invalid\(fix)"
        case .ambiguousTokenName(let name):
            return "token name '\(name)' has '__' inside or '_' at an end, so '__\(name)__' reads as several tokens; use single '_' between words"
        case .builtInToken(let name):
            return "token '\(name)' is built in (the destination folder, for next-steps); choose another name"
        case .unknownSource(let value, let suggestion):
            if let suggestion { return "unknown source '\(value)' in 'from'; did you mean '\(suggestion)'?" }
            return "unknown source '\(value)' in 'from'; use \(Self.list(ManifestDecoder.sources))"
        case .duplicateSource(let source, let token, let firstToken):
            return "placeholders '\(firstToken)' and '\(token)' both take their value from '\(source)'; keep one and use its token everywhere"
        case .settingOnlyKey(let key, let token, let source):
            return "'\(key)' applies only to 'from: set', but placeholder '\(token)' is 'from: \(source)'; remove '\(key)'"
        case .bundleIDOnlyKey(let key, let token, let source):
            return "'\(key)' applies only to 'from: bundle-id', but placeholder '\(token)' is 'from: \(source)'; remove '\(key)'"
        case .invalidBundleIDSuffix(let suffix, let token):
            return "suffix '\(suffix)' of placeholder '\(token)' is not what a bundle id can end with; write a dot and letters, digits or '-', like '.UITests'"
        case .invalidSettingKey(let key, let token, let suggestion):
            let fix = suggestion.map { ", like '\($0)'" } ?? ""
            return "setting key '\(key)' of placeholder '\(token)' is invalid; use lowercase letters, digits, '-', '_' and '.', starting with a letter\(fix)"
        case .duplicateSettingKey(let key, let token, let firstToken):
            return "placeholders '\(firstToken)' and '\(token)' both use the setting key '\(key)'; give one its own 'key'"
        case .invalidPattern(let pattern, let token):
            return "pattern '\(pattern)' of placeholder '\(token)' is not a valid regular expression; fix it or remove 'pattern'"
        case .defaultDoesNotMatch(let defaultValue, let pattern, let token):
            return "default '\(defaultValue)' of placeholder '\(token)' does not match its pattern '\(pattern)'; change one so the default is allowed"
        case .defaultLooksLikeToken(let found, let token):
            return "default of placeholder '\(token)' holds '\(found)', text shaped like a token, which a value may not hold; change the default"
        case .defaultHasControlCharacter(let token, let scalar):
            return "default of placeholder '\(token)' has the control character \(scalar); defaults are stamped into files, so write it without one"
        case .defaultTooLong(let token, let bytes):
            return "default of placeholder '\(token)' is \(bytes) bytes long; a value may have at most \(PlaceholderValues.maximumValueBytes) bytes, a default as a '--set' value"
        case .invalidGlob(let list, let problem):
            return "in '\(list)': \(problem)"
        case .invalidNeededCommand(let command, let path):
            return "'\(path)' must name a command found on PATH, one word without '/', not '\(command)'; write for example 'xcodebuild'"
        case .invalidCheckTimeout(let path, let found):
            return "'\(path)' must be a whole number of seconds from 1 to \(Check.maximumTimeout), not \(found); write for example 'timeout: 600'"
        case .duplicateCheckName(let name, let firstLine):
            return "two checks are named '\(name)' (the first at line \(firstLine)); give each check its own name"
        case .undeclaredToken(let token, let key):
            return "'\(key)' uses '\(token)', which no placeholder declares; declare it under 'placeholders' or remove it"
        case .secretInPrintedText(let token, let key):
            return "'\(key)' holds '\(token)', a secret's token, and is printed after generation (and in --json), the secret with it; leave the secret out of it"
        case .checkRunAndLayer(let index):
            return "check \(index) has both 'run' and 'layer'; keep 'run' for a command of this recipe, or 'layer' to run the check of that name the layer offers"
        case .invalidLayerName(let name):
            return "'\(name)' in 'layers' is not a layer name; use the name of a layer folder beside the recipe (letters, digits, '-', '_' and '.')"
        case .duplicateLayer(let name):
            return "layer '\(name)' is listed twice in 'layers'; list each layer once"
        case .invalidReplacedPath(let path):
            return "'\(DisplayPath.escaped(path))' in 'replaces' is not a path in the tree; write it relative to 'template/', with no leading '/', '.' or '..', no empty names, no '.git' and no control characters"
        case .duplicateReplacedPath(let path):
            return "'\(path)' is listed twice in 'replaces'; list each path once"
        case .notTokenShape(let word):
            return "'\(word)' in 'not-tokens' is not a word shaped like a token; list whole words such as '__MY_MACRO__' (two underscores, a capital, capitals, digits or '_', two underscores)"
        case .notTokenDeclared(let word, let placeholder):
            return "'\(word)' in 'not-tokens' is the token of placeholder '\(placeholder)', which is stamped; remove it from 'not-tokens', or rename the placeholder"
        case .duplicateNotToken(let word):
            return "'\(word)' is listed twice in 'not-tokens'; list each word once"
        case .placeholderType(let problem):
            return problem.message
        case .condition(let problem):
            return problem.message
        case .valueRule(let problem):
            return problem.message
        case .setup(let problem):
            return problem.message
        case .invalidConditionPath(let path):
            return "'\(DisplayPath.escaped(path))' in 'include-if' is not a path in the tree; write it relative to 'template/', with no leading '/', '.' or '..', no empty names, no '.git' and no control characters"
        }
    }

    private static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
