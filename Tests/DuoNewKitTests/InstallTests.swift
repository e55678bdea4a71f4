import Foundation
import Testing

/// `scripts/install.sh`: an installed duo-new works on its own once the checkout is gone, and
/// `--uninstall` removes exactly what the install wrote.
@Suite("Install")
struct InstallTests {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The parts of the checkout an install reads: the script, the recipes, the docs, the sources.
    static let checkoutParts = ["Package.swift", "Sources", "Templates", "docs", "scripts"]

    @Test func installedToolWorksAfterTheCheckoutIsDeletedAndUninstallLeavesNothing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let binary = try #require(EndToEndHarness.binary, "the duo-new binary was not built next to the tests")
        let copy = harness.url("checkout")
        let prefix = harness.url("prefix")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for part in Self.checkoutParts {
            try FileManager.default.copyItem(at: Self.package.appendingPathComponent(part), to: copy.appendingPathComponent(part))
        }
        // The test's debug binary stands in for the release build, which .ci/run makes and installs.
        let install = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [copy.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path, "--binary", binary.path],
            mergingErrors: true
        )
        #expect(install.status == 0, "\(install.transcript)")
        try FileManager.default.removeItem(at: copy)

        let installed = prefix.appendingPathComponent("bin/duo-new")
        let share = prefix.appendingPathComponent("share/duo-new/Templates").path
        let list = try harness.run(["list", "--json"], executable: installed)
        #expect(list.status == 0, "\(list.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        #expect(listing["templates"] as? String == share, "the installed tool reads its own recipes")
        let names = (listing["recipes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("example-hello") && names.contains("recipe-camera-studio"))
        #expect((listing["layers"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "duo-app" })

        let generate = try harness.run(["example-hello", "Hello", "com.example.hello", "./Hello", "--json"], executable: installed)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("\"status\" : \"passed\""), "the example's check ran and passed")
        #expect(FileManager.default.fileExists(atPath: harness.url("Hello/Hello/main.swift").path))

        let lint = try harness.run(["lint", "\(share)/example-hello", "\(share)/recipe-camera-studio"], executable: installed)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")

        let manifest = try String(contentsOf: prefix.appendingPathComponent("share/duo-new/install-manifest.txt"), encoding: .utf8)
        for path in ["bin/duo-new", "share/man/man1/duo-new.1", "share/bash-completion/completions/duo-new",
                     "share/zsh/site-functions/_duo-new", "share/fish/vendor_completions.d/duo-new.fish",
                     "share/duo-new/Templates/example-hello/template.yaml"] {
            #expect(manifest.contains("file \(path)\n"), "the install wrote \(path)")
        }

        // Something of the user's in a shared folder survives the uninstall.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
        let own = prefix.appendingPathComponent("share/man/man1/other.1")
        try Data("keep".utf8).write(to: own)
        let uninstall = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [Self.package.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path, "--uninstall"],
            mergingErrors: true
        )
        #expect(uninstall.status == 0, "\(uninstall.transcript)")
        #expect(harness.tree("prefix") == ["share", "share/man", "share/man/man1", "share/man/man1/other.1"])
        try FileManager.default.removeItem(at: own)
        let again = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [Self.package.appendingPathComponent("scripts/install.sh").path, "--prefix", prefix.path, "--uninstall"],
            mergingErrors: true
        )
        #expect(again.status == 66, "a second uninstall finds nothing to remove: \(again.transcript)")
    }
}
