#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Whether a recipe folder that a project's record names, rather than the user this run, is the
/// user's own: its checks are commands run with the user's rights, and a record is untrusted
/// input (a project from someone else may carry one naming any folder on the machine).
///
/// A folder the user gave (`--templates`) is their choice of code; one only the record names
/// runs its checks unasked only while it, the recipe's folder, its manifest and its tree are
/// owned by the user (or root) and writable by nobody else, the rule git applies to a
/// repository before it runs its hooks. Otherwise the checks need consent like a recipe's from
/// git (`CheckConsent`).
public enum RecordedFolderOwnership {
    /// Why `recipeFolder` (inside `recipesFolder`) is not the user's own, or nil when it is.
    public static func problem(recipesFolder: String, recipeFolder: String) -> String? {
        let user = geteuid()
        let places = [recipesFolder, recipeFolder, recipeFolder + "/" + Manifest.fileName, recipeFolder + "/" + Manifest.treeFolderName]
        for place in places {
            guard let info = POSIX.info(place) else { return "'\(DisplayPath.escaped(place))' cannot be read" }
            if info.st_uid != user, info.st_uid != 0 {
                return "'\(DisplayPath.escaped(place))' belongs to another user (uid \(info.st_uid))"
            }
            if info.st_mode & 0o022 != 0 {
                return "'\(DisplayPath.escaped(place))' can be written by others (mode \(String(info.st_mode & 0o777, radix: 8)))"
            }
        }
        return nil
    }
}
