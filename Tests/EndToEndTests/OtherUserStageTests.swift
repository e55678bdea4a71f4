#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The tests that run duo-new as another user must not depend on where the checkout lives.
/// Each test here puts the built binary under a folder only its owner may enter, as a clone in
/// `/root` or in a 0700 home has it, and shows that the stage still lets `nobody` run it.
@Suite("Tests that switch user, from a checkout only its owner may enter")
struct OtherUserStageTests {
    /// A copy of the built binary in `<temporary>/<0700 folder>/.build/debug/duo-new`.
    static func binaryBehindAPrivateFolder() throws -> (binary: URL, privateFolder: URL) {
        let source = try #require(EndToEndHarness.binary)
        let privateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-private-\(UUID().uuidString)")
        let debug = privateFolder.appendingPathComponent("clone/.build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: privateFolder.path)
        let binary = debug.appendingPathComponent("duo-new")
        try FileManager.default.copyItem(at: source, to: binary)
        return (binary, privateFolder)
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "switching user needs root and setpriv(1)"))
    func nobodyRunsTheStagedCopyOfABinaryItCannotReach() throws {
        let (binary, privateFolder) = try Self.binaryBehindAPrivateFolder()
        defer { try? FileManager.default.removeItem(at: privateFolder) }
        let stage = try OtherUserStage(binary: binary)
        defer { stage.cleanUp() }
        let setpriv = URL(fileURLWithPath: OtherUserStage.switchUser[0])
        let options = Array(OtherUserStage.switchUser.dropFirst())

        // Where the checkout is private, nobody cannot start the binary SwiftPM built there...
        let direct = try ChildProcess.run(setpriv, options + [binary.path, "--version"], environment: stage.environment)
        #expect(direct.status != 0, "nobody ran a binary behind a 0700 folder: \(direct.transcript)")
        // ...but runs the stage's copy, with a home of its own for duo-new's cache.
        let staged = try ChildProcess.run(setpriv, options + [stage.binary.path, "--version"], in: stage.folder, environment: stage.environment)
        #expect(staged.status == 0, "\(staged.transcript)")
        #expect(staged.outputText.contains("0.1"), "\(staged.transcript)")
    }

    @Test func aFolderBehindAPrivateParentIsNotEnterableByAnyone() throws {
        let (binary, privateFolder) = try Self.binaryBehindAPrivateFolder()
        defer { try? FileManager.default.removeItem(at: privateFolder) }
        #expect(!OtherUserStage.enterableByAnyone(binary.deletingLastPathComponent()))
        #expect(OtherUserStage.enterableByAnyone(URL(fileURLWithPath: "/")))
    }
}
