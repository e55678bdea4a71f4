#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A place where another user can run duo-new, for the tests that switch user (as root, to
/// `nobody` through setpriv(1); as an ordinary user, nobody else is needed).
///
/// The checkout, and the binary SwiftPM built inside it, may sit under a folder only its owner
/// may enter: `/root`, or a home that is 0700 or 0750 (Ubuntu's default since 21.04). Another user
/// cannot even start a binary there. So the stage copies the binary into a folder of its own whose
/// every parent anyone may enter, sets the modes itself (never trusting the umask), and gives the
/// other user a home of their own for duo-new's cache.
package struct OtherUserStage {
    /// The user and group the tests switch to: `nobody` on Debian and Ubuntu.
    package static let otherUser: uid_t = 65534
    package static let otherGroup: gid_t = 65534

    /// The stage's folder: 0755, removed by `cleanUp()`.
    package let folder: URL
    /// The copy of duo-new that the other user runs.
    package let binary: URL
    /// A folder owned by the other user (as root) for `HOME` and `XDG_CACHE_HOME`.
    package let home: URL

    /// Whether the tests that switch user can run here: as an ordinary user always; as root only
    /// with setpriv(1) and a temporary folder every user may enter.
    package static var available: Bool {
        getuid() != 0 || (FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") && reachableBase() != nil)
    }

    /// What to put before a command to run it as the other user: setpriv as root, nothing otherwise.
    package static var switchUser: [String] {
        getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=\(otherUser)", "--regid=\(otherGroup)", "--clear-groups"] : []
    }

    /// Copies `binary` (the built duo-new unless given) into a new stage.
    package init(binary source: URL? = EndToEndHarness.binary) throws {
        let source = try required(source, "the duo-new binary was not built next to the tests")
        let base = try required(Self.reachableBase(), "no temporary folder here can be entered by every user")
        let fileManager = FileManager.default
        folder = base.appendingPathComponent("duo-new-other-user-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: false)
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        binary = folder.appendingPathComponent("bin/duo-new")
        try fileManager.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: false)
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.deletingLastPathComponent().path)
        try fileManager.copyItem(at: source, to: binary)
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        home = folder.appendingPathComponent("home", isDirectory: true)
        try fileManager.createDirectory(at: home, withIntermediateDirectories: false)
        var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
        if getuid() == 0 {
            attributes[.ownerAccountID] = Self.otherUser
            attributes[.groupOwnerAccountID] = Self.otherGroup
        }
        try fileManager.setAttributes(attributes, ofItemAtPath: home.path)
    }

    /// The environment for the other user's run: its own home and cache.
    package var environment: [String: String] {
        ["HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
    }

    /// Lets the other user read everything below `url` and enter every folder in it (chmod a+rX),
    /// whatever the umask was when it was made.
    package func share(_ url: URL) throws {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "a+rX", url.path])
        guard result.status == 0 else { throw Unreachable(path: url.path, detail: result.errorText) }
    }

    package func cleanUp() {
        _ = try? ChildProcess.run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "u+rwx", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    /// The first temporary folder that it and every folder above it can be entered by anyone:
    /// `TMPDIR` (or Foundation's choice) first, `/tmp` next.
    package static func reachableBase() -> URL? {
        let candidates = [FileManager.default.temporaryDirectory, URL(fileURLWithPath: "/tmp")]
        return candidates.map { $0.resolvingSymlinksInPath() }.first(where: enterableByAnyone)
    }

    /// Whether `url` and each of its parents grant search (x) to others.
    package static func enterableByAnyone(_ url: URL) -> Bool {
        var path = url.standardizedFileURL.path
        while true {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & 0o001 != 0 else { return false }
            if path == "/" { return true }
            path = (path as NSString).deletingLastPathComponent
            if path.isEmpty { return true }
        }
    }

    package struct Unreachable: Error, CustomStringConvertible {
        package let path: String
        package let detail: String
        package var description: String { "could not open '\(path)' to other users: \(detail)" }
    }
}
