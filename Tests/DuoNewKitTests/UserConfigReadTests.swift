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
}
