@testable import DuoNewCore
import Testing

/// Variants of a file: `rename` writes a template file under another name in its folder, and
/// with `include-if` two files share one project path when their conditions never hold together.
@Suite("Variants of a file")
struct VariantTests {
    static func manifest(selfHosted: String = "RUNNER == self-hosted") throws -> Manifest {
        try ManifestDecoder.decode("""
            name: sample
            summary: Sample.
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
              RUNNER: {from: set, type: choice, choices: [github, self-hosted], default: github}
            include-if:
              ci/ci.yml: RUNNER == github
              ci/__APP_NAME__-self-hosted.yml: \(selfHosted)
            rename:
              ci/__APP_NAME__-self-hosted.yml: ci/ci.yml
            """, file: "template.yaml")
    }

    static let entries = [
        TreeEntry(path: "ci", kind: .directory, mode: 0o755),
        TreeEntry(path: "ci/__APP_NAME__-self-hosted.yml", kind: .file(size: 3), mode: 0o644),
        TreeEntry(path: "ci/ci.yml", kind: .file(size: 3), mode: 0o644),
    ]

    @Test func theVariantTheAnswerChoosesIsWrittenAtTheSharedPath() throws {
        let manifest = try Self.manifest()
        for (runner, source) in [("github", "ci/ci.yml"), ("self-hosted", "ci/__APP_NAME__-self-hosted.yml")] {
            let plan = try Planner.plan(listing: TreeListing(rootMode: 0o755, entries: Self.entries), manifest: manifest, values: ["APP_NAME": "Sitter", "RUNNER": runner])
            let files = plan.writes.filter { $0.destination == "ci/ci.yml" }
            #expect(files.map(\.source) == [source])
        }
    }

    @Test func variantsThatCanBeWrittenTogetherAreFoundWithTheValues() throws {
        let files: Set<String> = ["ci/__APP_NAME__-self-hosted.yml", "ci/ci.yml"]
        #expect(VariantProof.clashes(manifest: try Self.manifest(), files: files).isEmpty)
        let clashes = VariantProof.clashes(manifest: try Self.manifest(selfHosted: "RUNNER != self-hosted"), files: files)
        #expect(clashes == [.init(renamed: "ci/__APP_NAME__-self-hosted.yml", other: "ci/ci.yml", target: "ci/ci.yml", values: ["RUNNER": "github"])])
    }

    /// Both files are let in only with CUSTOM on and CI off, which no user can give: CUSTOM is
    /// asked (and `--set custom` taken) only when CI holds, else it keeps its default, off.
    @Test func aClashOnlyValuesNobodyCanGiveReachIsNone() throws {
        func manifest(askIf: String) throws -> Manifest {
            try ManifestDecoder.decode("""
                name: sample
                summary: Sample.
                version: 1.0.0
                placeholders:
                  APP_NAME: {from: app-name}
                  CI: {from: set, type: bool, default: true}
                  CUSTOM: {from: set, type: bool, default: false\(askIf)}
                include-if:
                  ci/ci.yml: not CI
                  ci/custom.yml: CUSTOM
                rename:
                  ci/custom.yml: ci/ci.yml
                """, file: "template.yaml")
        }
        let files: Set<String> = ["ci/custom.yml", "ci/ci.yml"]
        #expect(VariantProof.clashes(manifest: try manifest(askIf: ", ask-if: CI"), files: files).isEmpty)
        #expect(VariantProof.clashes(manifest: try manifest(askIf: ""), files: files).map(\.values) == [["CI": "false", "CUSTOM": "true"]])
    }

    @Test func aRenameStaysInItsFolder() {
        #expect(throws: ManifestError.self) {
            try ManifestDecoder.decode("""
                name: sample
                summary: Sample.
                version: 1.0.0
                placeholders: {}
                rename:
                  ci/a.yml: b.yml
                """, file: "template.yaml")
        }
    }
}
