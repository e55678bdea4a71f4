import DuoNewKit
import Foundation

/// Reads the `.duo-new.json` a generation left in a project, for `check` and `update`.
enum ProjectRecordReader {
    /// The project folder as an absolute path, and its record; 66 when the folder holds no record,
    /// 65 when the record cannot be read as one.
    static func read(_ folder: String, context: CommandContext) throws(Failure) -> (folder: URL, record: GenerationRecord) {
        let base = URL(fileURLWithPath: context.workingDirectory, isDirectory: true)
        let url = URL(fileURLWithPath: folder, isDirectory: true, relativeTo: base).standardizedFileURL
        let recordURL = url.appendingPathComponent(Planner.recordFileName)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(code: .noRecipe, message: "'\(folder)' is not a folder")
        }
        guard let data = FileManager.default.contents(atPath: recordURL.path) else {
            throw Failure(
                code: .noRecipe,
                message: "'\(folder)' has no \(Planner.recordFileName); it was not made by duo-new, or the file was removed (only a generated project's root holds it)"
            )
        }
        do {
            return (url, try GenerationRecord.decode(data))
        } catch {
            throw Failure(
                code: .badValue,
                message: "'\(folder)/\(Planner.recordFileName)' is not a record duo-new can read (\(error.localizedDescription)); it may have been edited by hand"
            )
        }
    }
}
