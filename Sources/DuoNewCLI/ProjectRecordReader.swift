import DuoNewCore
import DuoNewKit
import Foundation

/// Reads the `.duo-new.json` a generation left in a project, for `check` and `update`, as the
/// untrusted input it is (`RecordReader`).
enum ProjectRecordReader {
    /// The project folder as an absolute path; 66 when it is not a folder.
    static func project(_ folder: String, context: CommandContext) throws(Failure) -> URL {
        let base = URL(fileURLWithPath: context.workingDirectory, isDirectory: true)
        let url = URL(fileURLWithPath: folder, isDirectory: true, relativeTo: base).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(code: .noRecipe, message: "'\(folder)' is not a folder")
        }
        return url
    }

    /// The record in the project folder `url` (`folder` as the user gave it, for messages); 66
    /// when the folder holds no record, 65 when the record cannot be read as one or breaks a rule
    /// (a path outside the project, a mode that is not octal, a recipe that is not a name).
    static func record(in url: URL, shownAs folder: String) throws(Failure) -> GenerationRecord {
        let recordURL = url.appendingPathComponent(Planner.recordFileName)
        let shown = "'\(folder)/\(Planner.recordFileName)'"
        let kind = (try? FileManager.default.attributesOfItem(atPath: recordURL.path))?[.type] as? FileAttributeType
        guard let kind else {
            throw Failure(
                code: .noRecipe,
                message: "'\(folder)' has no \(Planner.recordFileName); it was not made by duo-new, or the file was removed (only a generated project's root holds it)"
            )
        }
        // A link could make duo-new read (and print) a file from anywhere, a FIFO would never end.
        guard kind == .typeRegular else {
            let what = kind == .typeSymbolicLink ? "a symbolic link" : "not a regular file"
            throw Failure(code: .badValue, message: "\(shown) is \(what); duo-new reads only the record a generation wrote there; restore it from version control")
        }
        guard let data = FileManager.default.contents(atPath: recordURL.path) else {
            throw Failure(code: .badValue, message: "\(shown) cannot be read")
        }
        do {
            return try RecordReader.read(data)
        } catch {
            throw Failure(code: .badValue, message: "\(shown) \(error.message)")
        }
    }
}
