@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The camera studio generates exactly the tree recorded in `Tests/Fixtures/camera-studio/listing.txt`:
/// every path, mode and content hash. The listing was first written from the recipe as it was
/// before its shared files moved into the `duo-app` layer, so this shows the move changed no
/// output; after a deliberate change to the generated project, `scripts/update-camera-listing.sh`
/// rewrites it.
@Suite("Camera studio: the generated tree matches its stored listing")
struct CameraStudioListingTests {
    static let listing = Fixtures.root.appendingPathComponent("camera-studio/listing.txt")
    static let templates = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")

    /// The listing's modes are those of a checkout made under umask 022, generated under umask
    /// 022: the recipes are copied with those modes (`GitModeCopy`) and generated under that
    /// umask, whatever umask the checkout and the tests were made and run under.
    @Test func generatedTreeMatchesTheStoredListing() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try GitModeCopy.copy(Self.templates, to: harness.url("Templates"))
        let binary = try #require(EndToEndHarness.binary)
        let run = try harness.run(
            ["-c", "umask 022 && exec \"$0\" \"$@\"", binary.path,
             "recipe-camera-studio", "Sitter", "com.example.sitter", "Sitter", "--no-test", "--quiet", "--templates", "Templates"],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        try #require(run.status == 0, "\(run.stderr)")

        let actual = try TreeFingerprint.lines(of: harness.url("Sitter"))
        let expected = try String(contentsOf: Self.listing, encoding: .utf8).split(separator: "\n").map(String.init)
        let missing = expected.filter { !actual.contains($0) }
        let extra = actual.filter { !expected.contains($0) }
        #expect(
            missing.isEmpty && extra.isEmpty && actual == expected,
            """
            the generated camera studio differs from its stored listing; if the change is meant, run scripts/update-camera-listing.sh
            expected but not generated:\n\(missing.joined(separator: "\n"))
            generated but not expected:\n\(extra.joined(separator: "\n"))
            """
        )
    }

    @Test func recordsTheLayerItWasMadeWith() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        let run = try harness.run(["recipe-camera-studio", "Sitter", "com.example.sitter", "Sitter", "--no-test", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: harness.url("Sitter/.duo-new.json"))) as? [String: Any])
        let layers = try #require(record["layers"] as? [[String: String]])
        #expect(layers == [["name": "duo-app", "version": "1.0.0"]])
    }

    /// The digest the listing relies on agrees with the standard's examples.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func digestMatchesTheStandardsExamples(text: String, digest: String) {
        #expect(SHA256.hex(Array(text.utf8)) == digest)
    }
}
