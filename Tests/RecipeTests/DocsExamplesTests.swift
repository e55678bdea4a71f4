import Foundation
import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// Every YAML example in docs/*.md lints clean against the tree it describes: each is preceded
/// by `<!-- example-of: Templates/<folder> -->`, and its top-level keys replace that recipe's
/// (or layer's) in a copy of the bundled `Templates/`, which is then linted: no error, no warning.
/// A workflow example (`<!-- workflow-example -->`) is left to `WorkflowValidatorTests`.
@Suite struct DocsExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var page: String
        var line: Int
        /// The recipe or layer folder it describes, relative to the repository.
        var folder: String?
        var text: String
        var testDescription: String { "\(page):\(line)" }
    }

    static let repository = SchemaValidator.repository

    static var examples: [Example] {
        let docs = repository.appendingPathComponent("docs")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        var found: [Example] = []
        for page in pages {
            guard let text = try? String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8) else { continue }
            let lines = text.components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                guard lines[index] == "```yaml" else {
                    index += 1
                    continue
                }
                let start = index
                var body: [String] = []
                index += 1
                while index < lines.count, lines[index] != "```" {
                    body.append(lines[index])
                    index += 1
                }
                let marker = start > 0 ? lines[start - 1] : ""
                // A GitHub Actions workflow, not a manifest: WorkflowValidatorTests checks it.
                if marker == WorkflowValidatorTests.docsExampleMarker {
                    index += 1
                    continue
                }
                let folder = marker.hasPrefix("<!-- example-of: ") && marker.hasSuffix(" -->")
                    ? String(marker.dropFirst("<!-- example-of: ".count).dropLast(" -->".count)) : nil
                found.append(Example(page: "docs/\(page)", line: start + 1, folder: folder, text: body.joined(separator: "\n") + "\n"))
                index += 1
            }
        }
        return found
    }

    /// The manifest's top-level blocks by key, in order; comment lines stay with the block below.
    static func blocks(_ text: String) -> [(key: String?, lines: [String])] {
        var result: [(key: String?, lines: [String])] = []
        var pending: [String] = []
        for line in text.components(separatedBy: "\n") {
            let first = line.first
            if let first, first != " ", first != "#", let colon = line.firstIndex(of: ":") {
                result.append((String(line[..<colon]), pending + [line]))
                pending = []
            } else if first == "#" || result.isEmpty {
                pending.append(line)
            } else {
                result[result.count - 1].lines.append(line)
            }
        }
        if !pending.isEmpty { result.append((nil, pending)) }
        return result
    }

    /// `manifest` with each top-level key of `example` replacing its own (or added at the end).
    static func merge(_ example: String, into manifest: String) -> String {
        var merged = blocks(manifest)
        for block in blocks(example) {
            guard let key = block.key else { continue }
            // The example's own comment lines are about the docs, not the manifest.
            let lines = block.lines.filter { !$0.hasPrefix("#") }
            if let index = merged.firstIndex(where: { $0.key == key }) {
                merged[index].lines = lines
            } else {
                merged.append((key, lines))
            }
        }
        return merged.flatMap(\.lines).joined(separator: "\n")
    }

    @Test func docsHoldYAMLExamples() {
        #expect(Self.examples.count >= 8)
    }

    @Test(arguments: examples)
    func yamlExampleLintsCleanWithTheTreeItDescribes(_ example: Example) throws {
        let folder = try #require(example.folder, "\(example.testDescription): put '<!-- example-of: Templates/<recipe> -->' before the example")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let templates = scratch.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Templates"), to: templates)
        let recipe = scratch.appendingPathComponent(folder)
        let isLayer = FileManager.default.fileExists(atPath: recipe.appendingPathComponent(Manifest.layerFileName).path)
        let manifestURL = recipe.appendingPathComponent(isLayer ? Manifest.layerFileName : Manifest.fileName)
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        try Self.merge(example.text, into: manifest).write(to: manifestURL, atomically: true, encoding: .utf8)
        let rendered = TemplateLinter.lint(recipeFolder: recipe, displayFolder: folder).map(\.rendered)
        #expect(rendered.isEmpty, "\(example.testDescription) against \(folder): \(rendered.joined(separator: "\n"))")
    }

    /// The merge itself: the example's keys replace the recipe's, the rest stays.
    @Test func mergeReplacesOnlyTheExamplesKeys() {
        let manifest = "# modeline\nname: a\nverbatim: [\"*.png\"]\nchecks:\n  - name: x\n    run: y\n"
        let merged = Self.merge("# about the docs\nchecks:\n  - name: z\n    run: w\n", into: manifest)
        #expect(merged == "# modeline\nname: a\nverbatim: [\"*.png\"]\nchecks:\n  - name: z\n    run: w\n")
    }
}
