import DuoNewCore

/// Why a project's `.duo-new.json` cannot be used: it is untrusted input (anyone can edit it, and
/// it travels with the project), so `RecordReader` refuses it before anything is touched. Each
/// message is defined here once; the caller puts the record's path in front.
public enum RecordProblem: Error, Sendable, Hashable {
    /// Not JSON at all.
    case notJSON(reason: String)
    /// JSON, but a key is missing or holds the wrong type (`at` is the key path, `files.a.mode`).
    case wrongShape(at: String, reason: String)
    /// A path under `files`, `links` or `folders` breaks the rule for paths read from a file.
    case badPath(section: String, entry: String, problem: ContainedPathProblem)
    /// A path names (or lies below) what duo-new keeps for itself in a project
    /// (`ReservedProjectName`): `use` says what.
    case reservedPath(section: String, entry: String, use: String)
    /// A recorded path lies below another recorded entry, which a generation cannot make.
    case nested(section: String, entry: String, inside: String)
    /// A path is listed in two sections (`files` and `links`, say), which a generation never writes.
    case listedTwice(entry: String, first: String, second: String)
    /// A file's mode is not octal permission bits.
    case badMode(entry: String, mode: String)
    /// A file's hash is not 64 lowercase hexadecimal digits.
    case badHash(entry: String, hash: String)
    /// The recipe is not a recipe name (a path, or a name with characters a recipe's cannot hold).
    case badRecipeName(String)
    /// The recipe's `source` breaks its rules (`RecipeSource.problem`).
    case badSource(reason: String)
    /// The recipe's or a layer's version is not a version as a manifest's `version` is.
    case badVersion(of: String, version: String)
    /// A layer's name is not a recipe name.
    case badLayerName(String)
    /// Larger than any record a generation writes (`RecordReader.maximumBytes`).
    case tooLarge(bytes: Int64)
    /// One object names a key twice, which tools read differently.
    case duplicateKey(String)

    public var message: String {
        let hint = "it may have been edited by hand; restore it from version control, or generate the project again with the same values"
        switch self {
        case .notJSON(let reason):
            return "is not JSON (\(reason)); \(hint)"
        case .wrongShape(let path, let reason):
            return "is not a record duo-new can read: \(path.isEmpty ? "" : "'\(DisplayPath.escaped(path))': ")\(reason); \(hint)"
        case .badPath(let section, let entry, let problem):
            return "lists '\(DisplayPath.escaped(entry))' under '\(section)', which duo-new will not act on: \(problem.message); \(hint)"
        case .reservedPath(let section, let entry, let use):
            return "lists '\(DisplayPath.escaped(entry))' under '\(section)', which duo-new keeps for itself (\(use)), never a generated file; \(hint)"
        case .nested(let section, let entry, let inside):
            return "lists '\(DisplayPath.escaped(entry))' under '\(section)' inside '\(DisplayPath.escaped(inside))', which is recorded as a file, a link or an empty folder; \(hint)"
        case .listedTwice(let entry, let first, let second):
            return "lists '\(DisplayPath.escaped(entry))' twice, under '\(first)' and under '\(second)', where a generation lists each path once; \(hint)"
        case .badMode(let entry, let mode):
            return "records the mode of '\(DisplayPath.escaped(entry))' as '\(DisplayPath.escaped(mode))', which is not octal permission bits (at most 777, as generation records them); \(hint)"
        case .badHash(let entry, let hash):
            return "records the SHA-256 of '\(DisplayPath.escaped(entry))' as '\(DisplayPath.escaped(hash))', which is not 64 lowercase hexadecimal digits; \(hint)"
        case .badRecipeName(let name):
            return "names the recipe '\(DisplayPath.escaped(name))', which is not a recipe name (letters, digits, '.', '_' and '-', no '/'); \(hint)"
        case .badSource(let reason):
            return "records where the recipe came from ('source'), but it \(reason); \(hint)"
        case .badVersion(let what, let version):
            return "records the version of \(what) as '\(DisplayPath.escaped(version))', which is not a version (digits and dots, as 1.2.0, and a '-' suffix); \(hint)"
        case .badLayerName(let name):
            return "names the layer '\(DisplayPath.escaped(name))', which is not a layer name (letters, digits, '.', '_' and '-', no '/'); \(hint)"
        case .duplicateKey(let key):
            return "names the key '\(DisplayPath.escaped(key))' twice in one object, which tools read differently (duo-new would take the first, many take the last); \(hint)"
        case .tooLarge(let bytes):
            return "is \(bytes) bytes long, larger than any record a generation writes (at most \(RecordReader.maximumBytes) bytes are read); \(hint)"
        }
    }
}
