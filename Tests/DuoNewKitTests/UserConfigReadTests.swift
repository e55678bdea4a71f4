import DuoNewKit
import Foundation
import Testing

/// The user's config as a run reads it, in-process: no file is no defaults, a broken file is
/// refused with its problems at their lines (78), never ignored.
@Suite("User config: reading")
struct UserConfigReadTests {
    private func environment(config: String?) throws -> (environment: [String: String], folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-config-\(UUID().uuidString)")
        let configFolder = folder.appendingPathComponent("duo-new")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: configFolder.appendingPathComponent("config.yaml")) }
        return (["XDG_CONFIG_HOME": folder.path], folder)
    }

    @Test func noFileIsNoDefaults() throws {
        let (environment, folder) = try environment(config: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = try UserConfig.read(environment: environment)
        #expect(!config.exists && config.templates.isEmpty && config.trusted.isEmpty)
    }

    @Test func aBrokenFileIsRefusedWithItsLines() throws {
        let (environment, folder) = try environment(config: "bundle-id-prefix: org.sample\nsett: {}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try UserConfig.read(environment: environment)
            Issue.record("a config with an unknown key was read")
        } catch {
            #expect(error.kind == .brokenRecipe)
            #expect(error.message.contains("config.yaml' is broken; fix it, or move it away"), "\(error.message)")
            #expect(error.diagnostics.first?.location?.line == 2, "\(error.diagnostics.map(\.rendered))")
        }
    }

    /// An empty entry is said to be empty, not "not text": `- ""` is text, of no length.
    @Test func anEmptyListEntryIsSaidToBeEmpty() throws {
        let (environment, folder) = try environment(config: "templates:\n  - \"\"\ntrusted:\n  - ''\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try UserConfig.read(environment: environment)
            Issue.record("a config with empty entries was read")
        } catch {
            let rendered = error.diagnostics.map(\.rendered)
            #expect(rendered.count == 2, "\(rendered)")
            #expect(rendered.first?.contains(":2:5: error: an entry of 'templates' is empty; give a folder path (or a git URL), or remove the entry") == true, "\(rendered)")
            #expect(rendered.last?.contains(":4:5: error: an entry of 'trusted' is empty; give a git URL, such as 'git+https://github.com/acme', or remove the entry") == true, "\(rendered)")
        }
    }

    /// A config kept as a link (as dotfiles tools keep them) is read through it.
    @Test func aConfigThatIsALinkIsRead() throws {
        let (environment, folder) = try environment(config: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("dotfiles-config.yaml")
        try Data("bundle-id-prefix: org.sample\n".utf8).write(to: kept)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("duo-new/config.yaml"), withDestinationURL: kept)
        let config = try UserConfig.read(environment: environment)
        #expect(config.exists && config.bundleIDPrefix == "org.sample")
    }

    /// A FIFO where the config goes is refused at once, never waited on (it would hang every command).
    @Test func aConfigThatIsAFIFOIsRefusedWithoutWaiting() throws {
        let (environment, folder) = try environment(config: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(mkfifo(folder.appendingPathComponent("duo-new/config.yaml").path, 0o600) == 0)
        do {
            _ = try UserConfig.read(environment: environment)
            Issue.record("a FIFO was read as a config")
        } catch {
            #expect(error.kind == .brokenRecipe)
            #expect(error.diagnostics.map(\.rendered).joined().contains("is not a regular file"), "\(error.diagnostics.map(\.rendered))")
        }
    }

    /// A config that is a link to nothing is named as such, not taken for no config.
    @Test func aConfigLinkToNothingIsRefused() throws {
        let (environment, folder) = try environment(config: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("duo-new/config.yaml").path, withDestinationPath: "/nonexistent/config.yaml")
        do {
            _ = try UserConfig.read(environment: environment)
            Issue.record("a link to nothing was read as no config")
        } catch {
            #expect(error.diagnostics.map(\.rendered).joined().contains("is a symbolic link to '/nonexistent/config.yaml', which is not there"), "\(error.diagnostics.map(\.rendered))")
        }
    }
}
