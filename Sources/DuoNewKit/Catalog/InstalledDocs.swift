import Foundation

/// The docs an installed duo-new keeps beside its executable, which its help names.
public enum InstalledDocs {
    /// The installed docs beside the running executable (`PREFIX/bin/duo-new` →
    /// `PREFIX/share/doc/duo-new/`, symbolic links followed, as Homebrew links it), or nil when
    /// there are none there (a build in a checkout: the help then keeps `<prefix>`).
    public static func folder(besideExecutable executablePath: String?) -> String? {
        guard let executablePath else { return nil }
        let prefix = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let docs = prefix.appendingPathComponent("share/doc/duo-new", isDirectory: true)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: docs.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return docs.path + "/"
    }
}
