import DuoNewCore
@testable import DuoNewKit
import Foundation
import Testing

/// What `help <recipe>` says of each value, decided in-process by the Kit: the command line only
/// lays the term and its lines out in columns.
@Suite("Placeholder help entries")
struct PlaceholderHelpEntryTests {
    private static let manifest = """
    name: entries
    summary: One value of each kind.
    version: 1.0.0
    placeholders:
      APP_NAME: {from: app-name, description: The app's name.}
      BUNDLE_ID: {from: bundle-id}
      SLUG: {from: derived, value: APP_NAME | kebab}
      DAY: {from: date, description: The day it was made.}
      TEAM: {from: set, description: The team., pattern: "^[A-Z0-9]{10}$", hint: ten capitals or digits}
      TITLE: {from: set, default-from: APP_NAME | words}
      CI: {from: set, type: bool, default: false}
      RUNNER: {from: set, default: hosted, ask-if: CI}
      STYLE:
        from: set
        type: choice
        default: boxed
        choices:
          - {value: plain, description: No frame.}
          - {value: boxed, description: A frame.}
      RETRIES: {from: set, type: integer, minimum: 1, maximum: 5, default: 3}
      TOKEN: {from: set, secret: true, env: FIX_TOKEN, description: The token.}
      NOTE: {from: set, default: ""}
      OWNER: {from: set, description: Who owns it.}
    """

    private func entries() throws -> [String: PlaceholderSummary.HelpEntry] {
        let manifest = try ManifestDecoder.decode(Self.manifest, file: "template.yaml")
        return Dictionary(uniqueKeysWithValues: manifest.placeholders.map { ($0.name, PlaceholderSummary($0).helpEntry()) })
    }

    @Test func valuesNotAskedSayWhereTheyComeFrom() throws {
        let entries = try entries()
        #expect(entries["APP_NAME"] == .init(term: "<AppName>", lines: ["The app's name. (__APP_NAME__)"]))
        #expect(entries["BUNDLE_ID"] == .init(term: "<bundle-id>", lines: ["__BUNDLE_ID__"]))
        #expect(entries["SLUG"] == .init(term: "__SLUG__", lines: ["A derived value.", "worked out from the others: APP_NAME | kebab; never asked"]))
        #expect(entries["DAY"] == .init(term: "__DAY__", lines: ["The day it was made.", "the day of generation, as 2026-12-05; kept by 'update'"]))
    }

    @Test func askedValuesSayTheirTypeDefaultAndCondition() throws {
        let entries = try entries()
        #expect(entries["TEAM"] == .init(term: "--set team=TEXT", lines: ["The team.", "text matching '^[A-Z0-9]{10}$' (ten capitals or digits); no default: required"]))
        #expect(entries["TITLE"] == .init(term: "--set title=TEXT", lines: ["__TITLE__", "text; default: APP_NAME | words"]))
        #expect(entries["CI"] == .init(term: "--set ci=BOOL", lines: ["__CI__", "true or false (also yes/no, y/n, on/off, 1/0); default: false"]))
        #expect(entries["RUNNER"] == .init(term: "--set runner=TEXT", lines: ["__RUNNER__", "text; default: hosted; asked only if CI"]))
        #expect(entries["RETRIES"]?.term == "--set retries=NUMBER")
        #expect(entries["RETRIES"]?.lines.last?.hasPrefix("a whole number, ") == true)
        #expect(entries["RETRIES"]?.lines.last?.hasSuffix("; default: 3") == true)
        #expect(entries["TOKEN"] == .init(term: "--set token=TEXT", lines: ["The token.", "text; secret: never recorded; asked without echo, or read from $FIX_TOKEN"]))
        #expect(entries["NOTE"]?.lines.last == "text; default: \"\" (empty)")
        #expect(entries["OWNER"]?.lines.last == "text; no default: required")
    }

    /// A choice's facts end with "one of:", its values listed under it, the default marked.
    @Test func aChoiceListsItsValuesWithTheDefaultMarked() throws {
        let entries = try entries()
        #expect(entries["STYLE"] == .init(term: "--set style=CHOICE", lines: ["__STYLE__", "default: boxed; one of:", "    plain  No frame.", "  * boxed  A frame."]))
    }

    /// The config's `set` value is said last, as the config gives it; a value not asked has none.
    @Test func theConfigsValueIsSaidLast() throws {
        let manifest = try ManifestDecoder.decode(Self.manifest, file: "template.yaml")
        let runner = try #require(manifest.placeholders.first { $0.name == "RUNNER" })
        #expect(PlaceholderSummary(runner).helpEntry(configured: "self-hosted ").lines
                == ["__RUNNER__", "text; default: hosted; asked only if CI", "your config's 'set' gives: self-hosted "])
    }
}
