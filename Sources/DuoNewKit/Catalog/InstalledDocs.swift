import Foundation

/// The docs an installed duo-new keeps beside its executable, which its help names.
public enum InstalledDocs {
    /// How the help names the installed docs when it cannot tell where they are.
    public static let placeholder = "<prefix>/share/doc/duo-new/"

    /// `text` naming the docs beside the executable where it says `placeholder`, and no longer
    /// pointing at scripts/install.sh, which put them there; unchanged when there are none.
    public static func naming(in text: String, besideExecutable executablePath: String?) -> String {
        guard let docs = folder(besideExecutable: executablePath) else { return text }
        return text.replacingOccurrences(of: placeholder, with: docs).replacingOccurrences(of: " (scripts/install.sh)", with: "")
    }

    /// The installed docs beside the running executable (`PREFIX/bin/duo-new` →
    /// `PREFIX/share/doc/duo-new/`, symbolic links followed, as Homebrew links it), or nil when
    /// there are none there (a build in a checkout: the help then keeps `<prefix>`).
    public static func folder(besideExecutable executablePath: String?) -> String? {
        guard let executablePath else { return nil }
        let prefix = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let docs = prefix.appendingPathComponent("share/doc/duo-new", isDirectory: true)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: docs.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return (linkedByHomebrew(docs, keg: prefix) ?? docs).path + "/"
    }

    /// Homebrew's link to `docs` when the executable is in its Cellar (`BREW/Cellar/duo-new/0.1.0`):
    /// `BREW/share/doc/duo-new`, which names the docs of whichever version is installed, where the
    /// keg's own folder is gone after the next `brew upgrade` and `brew cleanup`.
    static func linkedByHomebrew(_ docs: URL, keg: URL) -> URL? {
        let cellar = keg.deletingLastPathComponent().deletingLastPathComponent()
        guard cellar.lastPathComponent == "Cellar" else { return nil }
        let linked = cellar.deletingLastPathComponent().appendingPathComponent("share/doc/duo-new", isDirectory: true)
        return linked.resolvingSymlinksInPath().path == docs.resolvingSymlinksInPath().path ? linked : nil
    }
}
