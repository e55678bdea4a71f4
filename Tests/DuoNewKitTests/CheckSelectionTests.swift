import DuoNewKit
import Testing

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

    @Test func anUnknownWithNameIsNamedWithTheRecipesChecks() {
        let checks = [Self.plain, Self.ui]
        #expect(CheckSelection(optIn: ["UI tests"]).unknownOptIn(in: checks, recipe: "r") == nil)
        #expect(CheckSelection(optIn: ["UI tests", "ui"]).unknownOptIn(in: checks, recipe: "r") == "--with names no check of 'r': 'ui'; its checks are 'model tests', 'UI tests'")
        #expect(CheckSelection(optIn: ["x"]).unknownOptIn(in: [], recipe: "r") == "--with names no check of 'r': 'x'; its checks are none")
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
