@testable import DuoNewCore
import Testing

/// `include-if` conditions: read with the offset of each problem, checked against the
/// placeholders, decided on values, and applied by the planner to files and folders.
@Suite("Conditions")
struct ConditionTests {
    static let placeholders = [
        Placeholder(name: "APP_NAME", source: .appName),
        Placeholder(name: "GALLERY", source: .setting(key: "gallery", defaultValue: "false", pattern: nil), type: .bool),
        Placeholder(name: "MODE", source: .setting(key: "mode", defaultValue: "photo", pattern: nil), type: .choice([.init("photo"), .init("video")])),
        Placeholder(name: "GREETING", source: .setting(key: "greeting", defaultValue: "Hi", pattern: nil)),
    ]

    static func holds(_ text: String, _ values: [String: String]) throws -> Bool {
        try ConditionParser.parse(text).holds(for: values)
    }

    @Test func decidesFlagsEqualityNotAndOrWithTheUsualPrecedence() throws {
        let values = ["GALLERY": "true", "MODE": "video"]
        #expect(try Self.holds("GALLERY", values))
        #expect(try !Self.holds("not GALLERY", values))
        #expect(try Self.holds("MODE == video", values))
        #expect(try !Self.holds("MODE != video", values))
        #expect(try Self.holds("MODE == 'video'", values))
        #expect(try !Self.holds("not GALLERY or MODE == photo", values))
        #expect(try Self.holds("GALLERY and MODE == video", values))
        #expect(try !Self.holds("GALLERY and not (MODE == video or MODE == photo)", values))
        // `and` binds tighter than `or`: false or (true and true).
        #expect(try Self.holds("MODE == photo or GALLERY and MODE == video", values))
        #expect(try !Self.holds("(MODE == photo or GALLERY) and MODE == photo", values))
        #expect(try !Self.holds("GALLERY", ["GALLERY": "false"]))
    }

    @Test(arguments: [
        ("GALLERY and", 11, "in 'include-if': the end of the condition, where a name, 'not' or '(' was expected; write for example 'GALLERY and MODE == video'"),
        ("GALLERY && MODE == video", 8, "in 'include-if': '&', where 'and' or 'or' (written as words) was expected; write for example 'GALLERY and MODE == video'"),
        ("(GALLERY", 8, "in 'include-if': the end of the condition, where ')' was expected; write for example 'GALLERY and MODE == video'"),
        ("gallery", 0, "in 'include-if': 'gallery', where a placeholder's name (capitals, such as GALLERY), 'not' or '(' was expected; write for example 'GALLERY and MODE == video'"),
        ("MODE == 'video", 8, "in 'include-if': a quote that is never closed, where a closing \"'\" was expected; write for example 'GALLERY and MODE == video'"),
        ("GALLERY MODE", 8, "in 'include-if': 'MODE', where 'and', 'or' or the end was expected; write for example 'GALLERY and MODE == video'"),
    ])
    func refusesBrokenTextAtTheOffsetOfTheProblem(_ text: String, _ offset: Int, _ message: String) {
        do {
            _ = try ConditionParser.parse(text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.offset == offset)
            #expect(error.problem.message == message)
        }
    }

    @Test func refusesDeepNestingWithoutRecursingWithoutEnd() {
        let text = String(repeating: "not ", count: 40) + "GALLERY"
        #expect(throws: ConditionParser.Failure.self) { _ = try ConditionParser.parse(text) }
        #expect(throws: ConditionParser.Failure.self) { _ = try ConditionParser.parse(String(repeating: "(", count: 40) + "GALLERY") }
    }

    @Test func namesUndeclaredPlaceholdersMisusedTypesAndValuesThatAreNoChoice() throws {
        func problems(_ text: String) throws -> [String] {
            try ConditionParser.parse(text).problems(against: Self.placeholders).map { "\($0.offset): \($0.problem.message)" }
        }
        #expect(try problems("GALERY") == ["0: 'include-if' tests 'GALERY', which no placeholder declares; did you mean 'GALLERY'?"])
        #expect(try problems("MODE") == ["0: 'MODE' is a choice, so 'include-if' compares it with one of its values; write 'MODE == photo'"])
        #expect(try problems("GALLERY == true") == ["0: 'GALLERY' is a bool, so 'include-if' tests it by its name; write 'GALLERY' or 'not GALLERY'"])
        #expect(try problems("not GREETING") == ["4: 'GREETING' is a string; 'include-if' tests only bool and choice placeholders"])
        #expect(try problems("GALLERY or MODE == vidoe") == ["19: 'vidoe' is not a choice of 'MODE'; did you mean 'video'?"])
        #expect(try problems("MODE == audio") == ["8: 'audio' is not a choice of 'MODE'; its choices are 'photo', 'video'"])
        #expect(try problems("GALLERY and MODE != video").isEmpty)
    }

    /// A broken placeholder hides no other problem: `include-if` is still checked against the
    /// placeholders that decoded, as `ask-if` is, and a condition naming the broken one is left
    /// to that one's error. `not-tokens` is still checked against the declared tokens too.
    @Test func aBrokenPlaceholderLeavesTheOtherConditionsChecked() {
        let text = """
            name: m
            summary: s
            version: 1.0.0
            placeholders:
              APP_NAME: {from: app-name}
              COLOR: {from: set, key: color, type: colour, default: red}
            include-if:
              Extra: MISSING
              Paint: COLOR
            not-tokens: [__APP_NAME__]
            """
        do {
            _ = try ManifestDecoder.decode(text, file: "template.yaml")
            Issue.record("decoded")
        } catch {
            let rendered = error.diagnostics.map(\.rendered)
            #expect(rendered.count == 3, "\(rendered)")
            #expect(rendered.contains { $0.hasPrefix("template.yaml:10:") && $0.contains("'__APP_NAME__' in 'not-tokens' is the token of placeholder 'APP_NAME'") }, "\(rendered)")
            #expect(rendered.contains { $0.hasPrefix("template.yaml:6:") && $0.contains("unknown type 'colour'") }, "\(rendered)")
            #expect(rendered.contains { $0.hasPrefix("template.yaml:8:10: error: 'include-if' tests 'MISSING', which no placeholder declares") }, "\(rendered)")
        }
    }

    static let manifest = Manifest(
        name: "sample", summary: "Sample.", version: "1.0.0", placeholders: placeholders,
        includeIf: [
            PathCondition(path: "Gallery", condition: .flag(.init("GALLERY", offset: 0)), text: "GALLERY"),
            PathCondition(
                path: "__APP_NAME__/Video.swift",
                condition: .equals(.init("MODE", offset: 0), value: "video", valueOffset: 8, negated: false), text: "MODE == video"
            ),
        ]
    )

    static func planned(_ values: [String: String]) throws -> [String] {
        let entries = [
            TreeEntry(path: "Gallery", kind: .directory, mode: 0o755),
            TreeEntry(path: "Gallery/Grid.swift", kind: .file(size: 1), mode: 0o644),
            TreeEntry(path: "GalleryNotes.md", kind: .file(size: 1), mode: 0o644),
            TreeEntry(path: "__APP_NAME__", kind: .directory, mode: 0o755),
            TreeEntry(path: "__APP_NAME__/Video.swift", kind: .file(size: 1), mode: 0o644),
            TreeEntry(path: "__APP_NAME__/Photo.swift", kind: .file(size: 1), mode: 0o644),
        ]
        let all = ["APP_NAME": "Sitter", "GREETING": "Hi"].merging(values) { _, new in new }
        return try Planner.plan(listing: TreeListing(entries: entries), manifest: manifest, values: all).writes.map(\.destination)
    }

    @Test func aConditionIncludesAndExcludesAFolderWithAllItHoldsAndAFile() throws {
        #expect(try Self.planned(["GALLERY": "true", "MODE": "video"]) == [
            "Gallery", "Gallery/Grid.swift", "GalleryNotes.md", "Sitter", "Sitter/Video.swift", "Sitter/Photo.swift",
        ])
        // A sibling whose name only begins like the folder's stays.
        #expect(try Self.planned(["GALLERY": "false", "MODE": "photo"]) == ["GalleryNotes.md", "Sitter", "Sitter/Photo.swift"])
        #expect(try Self.planned(["GALLERY": "false", "MODE": "video"]) == ["GalleryNotes.md", "Sitter", "Sitter/Video.swift", "Sitter/Photo.swift"])
    }
}
