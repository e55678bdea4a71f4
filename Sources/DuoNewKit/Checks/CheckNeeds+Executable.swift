import DuoNewCore
import Foundation

extension CheckNeeds {
    /// Whether `path` names a file this process may execute.
    public static func isExecutableFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
