import DuoNewCore
import Foundation

/// Reads a project's `.duo-new.json` as the untrusted input it is: decoded, then every path in it
/// checked by the rule for paths read from a file (`ContainedPath`), every mode and hash by its
/// shape, the recipe as a name (never a folder path, which would load recipes from anywhere), and
/// where the recipe came from by its own rules (`RecipeSource.problem`).
/// `check` and `update` read a record only through here.
public enum RecordReader {
    /// The longest record read, 64 MiB: a generation of 20,000 files writes about 3 MB, and a
    /// planted file of gigabytes must not be read whole before it is refused.
    public static let maximumBytes: Int64 = 64 << 20

    /// The record at `path` (a regular file the caller has checked), or the first problem
    /// found in it; nil when it cannot be read at all, or is no longer a regular file.
    public static func read(file path: String) throws(RecordProblem) -> GenerationRecord? {
        switch POSIX.readRegularFile(path, limit: Int(maximumBytes)) {
        case .bytes(let bytes): return try read(Data(bytes))
        case .tooLarge(let bytes): throw .tooLarge(bytes: Int64(bytes))
        case .notRegular, .failed: return nil
        }
    }

    /// The record in `data`, or the first problem found in it.
    public static func read(_ data: Data) throws(RecordProblem) -> GenerationRecord {
        let record: GenerationRecord
        do {
            record = try GenerationRecord.decode(data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .notJSON(reason: error.localizedDescription)
        }
        if let key = JSONDuplicateKeys.first(in: Array(data)) { throw .duplicateKey(key) }
        try validate(record)
        return record
    }

    /// Every rule `read` checks after decoding, for a record built some other way.
    public static func validate(_ record: GenerationRecord) throws(RecordProblem) {
        guard ManifestDecoding.isRecipeName(record.recipe) else { throw .badRecipeName(record.recipe) }
        guard ManifestDecoding.isVersion(record.version) else { throw .badVersion(of: "the recipe", version: record.version) }
        for layer in record.layers ?? [] {
            guard ManifestDecoding.isRecipeName(layer.name) else { throw .badLayerName(layer.name) }
            guard ManifestDecoding.isVersion(layer.version) else { throw .badVersion(of: "the layer '\(layer.name)'", version: layer.version) }
        }
        if let source = record.recipeSource, let problem = source.problem { throw .badSource(reason: problem) }
        var entries: [(section: String, path: String)] = []
        for (path, file) in (record.files ?? [:]).sorted(by: { $0.key < $1.key }) {
            entries.append(("files", path))
            // Permission bits alone: generation never records setuid, setgid or the sticky bit.
            guard let mode = file.modeBits, mode >= 0, mode <= 0o777 else { throw .badMode(entry: path, mode: file.mode) }
            guard HexDigest.isSHA256(file.sha256) else {
                throw .badHash(entry: path, hash: file.sha256)
            }
        }
        entries += (record.links ?? [:]).keys.sorted().map { ("links", $0) }
        entries += (record.folders ?? []).map { ("folders", $0) }
        var recorded: [String: String] = [:]
        for (section, path) in entries {
            if let problem = ContainedPath.problem(in: path) { throw .badPath(section: section, entry: path, problem: problem) }
            // Compared without case, as generation refuses these names and a Mac's file system reads them.
            if let use = ReservedProjectName.use(ofPathOrAbove: path, recordFileName: Planner.recordFileName) {
                throw .reservedPath(section: section, entry: path, use: use)
            }
            // One entry a path: the sections' fingerprints would otherwise overwrite one another.
            if let first = recorded.updateValue(section, forKey: path) { throw .listedTwice(entry: path, first: first, second: section) }
        }
        for (section, path) in entries {
            var folder = RelativePath.folder(of: path)
            while !folder.isEmpty {
                if recorded[folder] != nil { throw .nested(section: section, entry: path, inside: folder) }
                folder = RelativePath.folder(of: folder)
            }
        }
    }

    /// A decoding error as one sentence naming the key at fault.
    private static func describe(_ error: DecodingError) -> RecordProblem {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .notJSON(reason: context.underlyingError.map { String(describing: $0) } ?? context.debugDescription)
        case .dataCorrupted(let context):
            return .wrongShape(at: path(context), reason: context.debugDescription)
        case .keyNotFound(let key, let context):
            let outer = path(context)
            return .wrongShape(at: outer.isEmpty ? key.stringValue : outer + "." + key.stringValue, reason: "the key is missing")
        case .typeMismatch(let type, let context):
            return .wrongShape(at: path(context), reason: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return .wrongShape(at: path(context), reason: "expected \(describe(type)), found null")
        @unknown default:
            return .notJSON(reason: String(describing: error))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is [String].Type, is [Any].Type: "an array"
        case is [String: String].Type, is [String: Any].Type, is [String: GenerationRecord.File].Type: "an object"
        default: "a value of another type (\(type))"
        }
    }
}
