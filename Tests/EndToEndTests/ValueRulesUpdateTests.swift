import Foundation
import Testing
import TestSupport

/// A recipe using derived values, a date and a conditional question, generated and updated
/// through the binary: the derived value follows its source, the year is kept, a renamed
/// placeholder's answer is carried over, and a `--set` for a question not asked is refused.
@Suite("Value rules through update")
struct ValueRulesUpdateTests {
    private func write(_ harness: EndToEndHarness, version: String, titleName: String, extra: String = "") throws {
        let folder = harness.url("T/rules")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true)
        let manifest = """
        name: rules
        summary: Values worked out from others.
        version: \(version)
        placeholders:
          APP_NAME: {from: app-name}
          SLUG:
            from: derived
            value: APP_NAME | kebab
          \(titleName):
            from: set
            default-from: APP_NAME | words
        \(extra)  CI:
            from: set
            type: choice
            choices: [github, none]
            default: none
          RUNNER:
            from: set
            default: hosted
            ask-if: CI == github
          YEAR: {from: year}

        """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("template.yaml"))
        try Data("__SLUG__ __\(titleName)__ __RUNNER__ (c) __YEAR__\n".utf8).write(to: folder.appendingPathComponent("template/README.md"))
    }

    @Test func derivedValuesFollowTheYearIsKeptAndARenamedAnswerCarriesOver() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try write(harness, version: "1.0.0", titleName: "TITLE")
        let made = try harness.run(["rules", "MyCoolApp", "out", "--templates", "T", "--no-test", "--set", "title=Cool"],
                                   environment: ["SOURCE_DATE_EPOCH": "1735689600"])
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try harness.text("out/README.md") == "my-cool-app Cool hosted (c) 2025\n")

        let refused = try harness.run(["update", "out", "--templates", "T", "--set", "runner=mine"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("only when 'CI == github'"), "\(refused.stderr)")

        try write(harness, version: "1.1.0", titleName: "HEADLINE", extra: "    renamed-from: TITLE\n")
        let updated = try harness.run(["update", "out", "--templates", "T", "--set", "ci=github", "--set", "runner=mine"],
                                      environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect(try harness.text("out/README.md") == "my-cool-app Cool mine (c) 2025\n", "the year kept, the title carried over")
        let record = try harness.text("out/.duo-new.json")
        #expect(record.contains("\"HEADLINE\" : \"Cool\"") && record.contains("\"YEAR\" : \"2025\""), "\(record)")
    }

    /// A project that skipped a version keeps its answer: made with `TITLE`, updated straight to
    /// a version whose `HEADLINE` was `SUBJECT` in between (`renamed-from: [SUBJECT, TITLE]`).
    @Test func anAnswerRenamedTwiceCarriesOverAcrossASkippedVersion() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try write(harness, version: "1.0.0", titleName: "TITLE")
        let made = try harness.run(["rules", "MyCoolApp", "out", "--templates", "T", "--no-test", "--set", "title=Cool"])
        try #require(made.status == 0, "\(made.stderr)")
        try write(harness, version: "3.0.0", titleName: "HEADLINE", extra: "    renamed-from: [SUBJECT, TITLE]\n")
        let updated = try harness.run(["update", "out", "--templates", "T"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect((updated.stdout + updated.stderr).contains("the placeholder TITLE is HEADLINE in this version of the recipe; its recorded value 'Cool' is carried over"), "\(updated.stdout)")
        #expect(try harness.text("out/README.md").hasPrefix("my-cool-app Cool "), "the answer, not the default")
    }

    /// The note says an answer is carried over only when it is, and shows the record's text (anyone's
    /// file, and not yet checked) with its control characters escaped.
    @Test func aRenamedAnswerIsNotedOnlyWhenCarriedOverAndEscaped() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try write(harness, version: "1.0.0", titleName: "TITLE")
        let made = try harness.run(["rules", "MyCoolApp", "out", "--templates", "T", "--no-test", "--set", "title=Cool"])
        try #require(made.status == 0, "\(made.stderr)")
        let recordURL = harness.url("out/.duo-new.json")
        let record = try String(contentsOf: recordURL, encoding: .utf8)
        try #require(record.contains("\"TITLE\" : \"Cool\""), "\(record)")
        try Data(record.replacingOccurrences(of: "\"TITLE\" : \"Cool\"", with: "\"TITLE\" : \"Co\\u001b]0;x\\u0007ol\"").utf8).write(to: recordURL)
        try write(harness, version: "1.1.0", titleName: "HEADLINE", extra: "    renamed-from: TITLE\n")

        let tampered = try harness.run(["update", "out", "--templates", "T"])
        let told = tampered.stdout + tampered.stderr
        #expect(tampered.status == 65, "\(told)")
        #expect(told.contains("its recorded value 'Co\\u{1B}]0;x\\u{7}ol' is carried over") && !told.contains("\u{1B}"), "\(told)")

        let replaced = try harness.run(["update", "out", "--templates", "T", "--set", "headline=Other"])
        #expect(replaced.status == 0, "\(replaced.stdout)\(replaced.stderr)")
        #expect(!(replaced.stdout + replaced.stderr).contains("carried over"), "'--set' gave the answer: \(replaced.stdout)")
        #expect(try harness.text("out/README.md").hasPrefix("my-cool-app Other hosted"))
    }

    /// An answer the record holds for a question the values no longer ask takes the default, and
    /// update says so rather than dropping the user's answer without a word.
    @Test func aRecordedAnswerNoLongerAskedIsNoted() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try write(harness, version: "1.0.0", titleName: "TITLE")
        let made = try harness.run(["rules", "MyCoolApp", "out", "--templates", "T", "--no-test", "--set", "ci=github", "--set", "runner=mine"])
        try #require(made.status == 0, "\(made.stderr)")
        let updated = try harness.run(["update", "out", "--templates", "T", "--set", "ci=none"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect((updated.stdout + updated.stderr).contains("the recorded answer 'mine' of 'runner' is left out: the recipe asks for it only when 'CI == github', which does not hold now, so it takes 'hosted'"),
                "\(updated.stdout)\(updated.stderr)")
        #expect(try harness.text("out/README.md").contains(" hosted "))
    }

    @Test func lintRefusesAnUnknownNameAtItsColumn() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try write(harness, version: "1.0.0", titleName: "TITLE")
        let path = harness.url("T/rules/template.yaml")
        let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "value: APP_NAME | kebab", with: "value: APP_NAM | kebab")
        try Data(text.utf8).write(to: path)
        let run = try harness.run(["lint", "T/rules"])
        #expect(run.status != 0)
        #expect(run.stdout.contains("template.yaml:8:12: error: 'value' reads 'APP_NAM'") || run.stderr.contains("template.yaml:8:12: error: 'value' reads 'APP_NAM'"), "\(run.stdout)\(run.stderr)")
    }
}
