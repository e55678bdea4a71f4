import Foundation
import Testing
import TestSupport
import DuoNewKit
@testable import DuoNewCore

/// Decoding valid manifests: every key reaches the model with the value written.
@Suite struct ManifestDecoderTests {
    @Test func decodesEveryKey() throws {
        let text = try String(contentsOf: Fixtures.manifests.appendingPathComponent("valid/every-key.yaml"), encoding: .utf8)
        let manifest = try ManifestDecoder.decode(text, file: "template.yaml")
        #expect(manifest.name == "every-key")
        #expect(manifest.summary == "Uses every key the manifest accepts.")
        #expect(manifest.version == "2.1.0-beta.1")
        #expect(manifest.placeholders == [
            Placeholder(name: "APP_NAME", source: .appName, description: "The app's name."),
            Placeholder(name: "BUNDLE_ID", source: .bundleID, suffixes: [".UITests"]),
            Placeholder(name: "TEAM_ID", source: .setting(key: "team-id", defaultValue: "", pattern: "^[A-Z0-9]{10}$|^$"),
                        description: "The development team.", hint: "ten capitals and digits, or nothing"),
            Placeholder(name: "ORGANIZATION", source: .setting(key: "org", defaultValue: nil, pattern: nil)),
            Placeholder(name: "MODE", source: .setting(key: "mode", defaultValue: "photo", pattern: nil),
                        type: .choice([.init("photo"), .init("video", description: "Photos and movies.")])),
            Placeholder(name: "GALLERY", source: .setting(key: "gallery", defaultValue: "false", pattern: nil), type: .bool),
            Placeholder(name: "COLUMNS", source: .setting(key: "columns", defaultValue: "3", pattern: nil), type: .integer(minimum: 1, maximum: 6)),
            Placeholder(name: "API_KEY", source: .setting(key: "api-key", defaultValue: nil, pattern: nil)).secret(environment: "EVERY_KEY_API_KEY"),
        ])
        #expect(manifest.secretVariables == ["API_KEY": "EVERY_KEY_API_KEY"])
        #expect(manifest.includeIf == [PathCondition(
            path: "Gallery",
            condition: .and(.flag(.init("GALLERY", offset: 0)), .equals(.init("MODE", offset: 12), value: "video", valueOffset: 20, negated: false)),
            text: "GALLERY and MODE == video"
        )])
        #expect(manifest.reservedNames == ["Tools", "Docs"])
        #expect(manifest.verbatim.map(\.pattern) == ["**/*.png", "Resources/*.jpg"])
        #expect(manifest.exclude.map(\.pattern) == [".build", "**/.DS_Store"])
        #expect(manifest.checks == [
            Check(name: "model tests", run: "Tools/run-model-tests.sh"),
            Check(name: "lint", run: "sh -c 'exit 0'"),
        ])
        #expect(manifest.rename == ["Gallery/Grid-wide.swift": "Gallery/Grid.swift"])
        #expect(manifest.tasks == [SetupTask(name: "generate the Xcode project", run: "xcodegen generate", on: [.generate, .update], timeout: 300)])
        #expect(manifest.tasks(at: .update).map(\.name) == ["generate the Xcode project"])
        #expect(manifest.nextSteps == "cd __DESTINATION__\nopen __APP_NAME__.xcodeproj\n")
    }

    @Test func leavesOptionalKeysAtTheirDefaults() throws {
        let manifest = try ManifestDecoder.decode("""
            name: small
            summary: Small.
            version: "1"
            placeholders: {}
            """, file: "template.yaml")
        #expect(manifest == Manifest(name: "small", summary: "Small.", version: "1", placeholders: []))
    }
}

extension Placeholder {
    /// The same placeholder, secret, read from `environment` when given.
    fileprivate func secret(environment: String?) -> Placeholder {
        var copy = self
        copy.secret = true
        copy.environment = environment
        return copy
    }
}
