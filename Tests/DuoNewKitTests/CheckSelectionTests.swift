@testable import DuoNewCore
import DuoNewKit
import Testing
import TestSupport

/// Which checks run and how a run is counted, on values: no process, no disk.
@Suite struct CheckSelectionTests {
    static let found: @Sendable (String) -> Bool = { $0 == "/bin/tool" }
    static let plain = Check(name: "model tests", run: "Tools/run-model-tests.sh")
    static let mac = Check(name: "simulator", run: "Tools/run-on-simulator.sh", needs: CheckNeeds(commands: ["xcodebuild"], hint: "macOS with Xcode"))
    static let onPath = Check(name: "tool", run: "tool", needs: CheckNeeds(commands: ["tool"]))
    static let ui = Check(name: "UI tests", run: "Tools/run-on-simulator.sh --ui-tests", optIn: true)

    @Test func optInNeedsAndRequireAllDecideEachCheck() {
        let plain = CheckSelection()
        #expect(plain.decide(Self.plain, searchPath: "/bin", isExecutable: Self.found) == .run)
        #expect(plain.decide(Self.onPath, searchPath: "/bin", isExecutable: Self.found) == .run)
        #expect(plain.decide(Self.mac, searchPath: "/bin", isExecutable: Self.found) == .skip(.unmetNeeds("needs xcodebuild: macOS with Xcode"), fails: false))
        #expect(plain.decide(Self.ui, searchPath: "/bin", isExecutable: Self.found) == .skip(.optIn(check: "UI tests"), fails: false))
        #expect(CheckSelection.SkipReason.optIn(check: "UI tests").text == "opt-in; run it with --with 'UI tests'")

        let strict = CheckSelection(optIn: ["UI tests"], requireAll: true)
        #expect(strict.decide(Self.ui, searchPath: "/bin", isExecutable: Self.found) == .run, "--with runs an opt-in check")
        #expect(strict.decide(Self.mac, searchPath: "/bin", isExecutable: Self.found) == .skip(.unmetNeeds("needs xcodebuild: macOS with Xcode"), fails: true))
        let optInMac = Check(name: "UI", run: "x", needs: CheckNeeds(commands: ["xcodebuild"]), optIn: true)
        #expect(CheckSelection(requireAll: true).decide(optInMac, searchPath: "/bin", isExecutable: Self.found) == .skip(.optIn(check: "UI"), fails: false),
                "an opt-in check not asked for is skipped as opt-in, which --require-all accepts")
    }

    /// Withheld consent skips every check, opt-in or not, before anything else is decided; the
    /// tally lists each with the command that trusts the recipe.
    @Test func withheldConsentSkipsEveryCheckWithTheTrustingCommand() throws {
        let withheld = CheckConsent.withheld(source: "git+https://example.com/r.git", trustCommand: "duo-new check --trust")
        let reason = CheckSelection.SkipReason.untrusted(source: "git+https://example.com/r.git", trustCommand: "duo-new check --trust")
        for check in [Self.plain, Self.ui, Self.mac] {
            #expect(CheckSelection(consent: withheld).decide(check, searchPath: "/bin", isExecutable: Self.found) == .skip(reason, fails: false))
            #expect(CheckSelection(requireAll: true, consent: withheld).decide(check, searchPath: "/bin", isExecutable: Self.found) == .skip(reason, fails: true))
        }
        #expect(CheckSelection(consent: .granted).decide(Self.plain, searchPath: "/bin", isExecutable: Self.found) == .run)
        #expect(reason.command == "duo-new check --trust" && CheckSelection.SkipReason.optIn(check: "x").command == nil)
        let shown = CheckSelection.SkipReason.untrusted(source: "git+https://e.com/\u{1B}[2J", trustCommand: "duo-new check --trust").text
        #expect(shown.contains("'git+https://e.com/\\u{1B}[2J'"), "the URL is escaped: \(shown)")
        var tally = CheckTally(total: 1)
        tally.add(skipped: Self.plain, reason: reason, fails: false)
        #expect(tally.skips == [CheckTally.Skip(name: "model tests", run: "duo-new check --trust", reason: reason.text)])
        #expect(tally.succeeded)
    }

    /// The matching rule of `trusted` entries, on values.
    @Test func aTrustedEntryMatchesTheSameURLOrOneBelowItBySegments() throws {
        let source = try GitTemplates("git+https://example.com/team/recipes.git#v2")
        func trusts(_ entry: String) throws -> Bool { try TrustedSource(entry).trusts(source) }
        #expect(try trusts("git+https://example.com/team/recipes.git"))
        #expect(try trusts("git+https://example.com/team/recipes"))
        #expect(try trusts("git+https://example.com/team/"))
        #expect(try trusts("git+https://example.com/team"))
        #expect(try trusts("git+https://example.com/team/recipes.git#v2"))
        #expect(try !trusts("git+https://example.com/team/recipes.git#v3"))
        #expect(try !trusts("git+https://example.com/te"))
        #expect(try !trusts("git+https://example.com/team/recipes.git/sub"))
        #expect(try !trusts("git+ssh://example.com/team"))
        #expect(try !trusts("git+https://example.com:8443/team"))
        #expect(try !trusts("git+https://example.org/team"))
        #expect(throws: TrustedSourceError.self) { try TrustedSource("git+https://example.com") }
        #expect(throws: TrustedSourceError.self) { try TrustedSource("git+https://example.com/") }
        #expect(throws: TrustedSourceError.self) { try TrustedSource("https://example.com/team") }
    }

    @Test func anUnknownWithNameIsNamedWithTheRecipesChecks() {
        let checks = [Self.plain, Self.ui]
        #expect(CheckSelection(optIn: ["UI tests"]).unknownOptIn(in: checks, recipe: "r") == nil)
        #expect(CheckSelection(optIn: ["UI tests", "ui"]).unknownOptIn(in: checks, recipe: "r") == "--with names no check of 'r': 'ui'; its checks are 'model tests', 'UI tests'")
        #expect(CheckSelection(optIn: ["x"]).unknownOptIn(in: [], recipe: "r") == "--with names no check of 'r': 'x'; its checks are none")
    }

    /// A near miss of a check's name (a letter dropped, another case, a dash for the space) gets
    /// a did-you-mean, as a misspelt option, recipe or '--set' key does.
    @Test func aMisspeltWithNameGetsADidYouMean() {
        let checks = [Self.plain, Self.ui]
        for typed in ["UI test", "ui tests", "UI-tests", "modle tests"] {
            let suggested = typed.hasPrefix("m") ? "model tests" : "UI tests"
            #expect(CheckSelection(optIn: [typed]).unknownOptIn(in: checks, recipe: "r") == "--with names no check of 'r': '\(typed)'; did you mean '\(suggested)'?")
        }
    }

    @Test func theTallyCountsOnlyWhatRan() {
        var tally = CheckTally(total: 3)
        tally.add(CheckResult(name: "model tests", status: .passed, seconds: 1), of: Self.plain)
        tally.add(skipped: Self.mac, reason: .unmetNeeds("needs xcodebuild"), fails: false)
        tally.add(skipped: Self.ui, reason: .optIn(check: "UI tests"), fails: false)
        #expect(tally.succeeded)
        #expect(tally.summary == "1 check passed, 2 skipped")
        #expect(tally.skips.map(\.name) == ["simulator", "UI tests"])
        #expect(tally.skips[0] == CheckTally.Skip(name: "simulator", run: "Tools/run-on-simulator.sh", reason: "needs xcodebuild"))

        var all = CheckTally(total: 2)
        all.add(CheckResult(name: "a", status: .passed, seconds: 1), of: Self.plain)
        all.add(CheckResult(name: "b", status: .passed, seconds: 1), of: Self.plain)
        #expect(all.summary == "all 2 checks passed")
        var one = CheckTally(total: 1)
        one.add(CheckResult(name: "a", status: .passed, seconds: 1), of: Self.plain)
        #expect(one.summary == "its check passed")
    }

    /// Skips that were not refused are named apart, not counted among the checks that did not pass.
    @Test func theFailureSummaryCountsOnlyTheChecksJudged() {
        var tally = CheckTally(total: 5)
        tally.add(CheckResult(name: "a", status: .passed, seconds: 1), of: Self.plain)
        tally.add(CheckResult(name: "b", status: .failed(exitCode: 3), seconds: 1), of: Self.plain)
        tally.add(skipped: Self.mac, reason: .unmetNeeds("needs xcodebuild"), fails: false)
        #expect(tally.failureSummary == "1 of 2 checks did not pass: 'b' failed (exit 3); 1 other was skipped")
        tally.add(skipped: Self.mac, reason: .unmetNeeds("needs xcodebuild"), fails: false)
        #expect(tally.failureSummary == "1 of 2 checks did not pass: 'b' failed (exit 3); 2 others were skipped")
    }

    @Test func failuresAndRefusedSkipsMakeTheFailureSummary() {
        var tally = CheckTally(total: 4)
        tally.add(CheckResult(name: "model tests", status: .failed(exitCode: 2), seconds: 1), of: Self.plain)
        tally.add(CheckResult(name: "tool", status: .timedOut(seconds: 5), seconds: 5), of: Self.onPath)
        tally.add(skipped: Self.mac, reason: .unmetNeeds("needs xcodebuild"), fails: true)
        tally.add(CheckResult(name: "x", status: .interrupted(signal: 2), seconds: 1), of: Self.plain)
        #expect(!tally.succeeded)
        #expect((tally.passed, tally.failed, tally.skipped) == (0, 2, 1), "an interrupted check is not counted")
        #expect(tally.failureSummary == "3 of 3 checks did not pass: 'model tests' failed (exit 2); 'tool' timed out after 5 s; 'simulator' was skipped (needs xcodebuild) and --require-all asks for every check")
    }
}
