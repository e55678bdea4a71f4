import Foundation
import Testing
import TestSupport

/// The fourth kind, after the clip: a UI test racing a clock (issue 28).
///
/// A countdown of N seconds ends on its own, and then the app moves on (the camera studio takes
/// the photo). A step that needs the countdown still running (a tap on the shutter to cancel
/// it, a frame, an `exists` on the countdown's number) has no bound on its time: every XCUI
/// query first waits for the app to be idle and takes a snapshot of its accessibility tree,
/// which on a loaded simulator takes seconds. So, whatever N is, no test taps, measures or
/// looks for an element while a countdown runs, and none sleeps a fixed time instead of
/// waiting for what the app reports. A test that needs to act starts the countdown held
/// (the recipe's hold switch), acts, and then releases it and only waits for the end.
/// Waiting on a marker is not acting: the marker reports what the app was doing when it was
/// read, and the test's checks are on that report.
///
/// The rule follows each test in order: launch switches (the length, a switch that starts the
/// countdown once the app is ready, the hold), taps that change the length, taps that start a
/// countdown of the set length (or cancel a running or held one), and taps that release a
/// held one.
extension UITestKindTests {
    /// What drives a recipe's countdown; recipes without one have none.
    struct Clock {
        /// The launch switch giving the countdown's length in seconds (`-timer 10`).
        let lengthSwitch: String
        /// The launch switch that starts a countdown once the app is ready (`-shutter`).
        let startSwitch: String
        /// The launch switch that holds a countdown at its full length until it is released.
        let holdSwitch: String
        /// Taps that start a countdown of the set length, or cancel a running or held one.
        let starts: Set<String>
        /// Taps that let a held countdown run.
        let releases: Set<String>
        /// Taps that move the length on, through these lengths in turn.
        let cycles: [String: [Int]]
    }

    static let clocks: [String: Clock] = [
        "recipe-camera-studio": Clock(
            lengthSwitch: "-timer", startSwitch: "-shutter", holdSwitch: "-holdCountdown",
            starts: ["control.shutter"], releases: ["studio.startCountdown"], cycles: ["control.timer": [0, 3, 10]]
        ),
    ]

    @Test(arguments: recipes) func noTestActsWhileACountdownRuns(recipe: String) throws {
        let reader = try Reader(recipe: recipe, templates: Self.templates)
        let clock = Self.clocks[recipe]
        if recipe == "recipe-camera-studio" {
            // The rule must see the studio's countdowns, or it passes by seeing nothing.
            let counted = reader.countdowns(clock).map(\.test)
            #expect(Set(counted).isSuperset(of: ["testSelfTimerCountsDownThenTakesAPhoto", "testShutterCancelsACountdown", "testStudioLayoutInThisPose"]),
                    "the studio's countdowns are found: \(counted)")
        }
        for control in (clock.map { $0.starts.union($0.releases).union($0.cycles.keys) } ?? []).sorted() {
            let declared = reader.declarationsMatching(Reader.Identifier(text: control, isPrefix: false))
            #expect(!declared.isEmpty, "\(recipe): the countdown's control '\(control)' is declared in a view")
        }
        let findings = reader.clockFindings(clock)
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    /// The rule on a small recipe: each way of racing a countdown, and each correction.
    @Test func theClockRuleFlagsARunningCountdownAndNotAHeldOne() throws {
        let view = """
            VStack {
                Text(left)
                    .accessibilityIdentifier("s.countdown")
                Button("Start") { release() }
                    .accessibilityIdentifier("s.start")
                Button("Shutter") { press() }
                    .accessibilityIdentifier("c.shutter")
                Button("Timer") { cycle() }
                    .accessibilityIdentifier("c.timer")
            }
        """
        let tests = """
        final class ExampleUITests: XCTestCase {
            func testRacesFromLaunch() throws {
                let app = launchApp(["-timer", "10", "-shutter"])
                waitForMarker("s.state", in: app, "counting") { $0["phase"] == "countdown" }
                element(app, "c.shutter").tap()
            }
            func testRacesAfterTheShutter() throws {
                let app = launchApp(["-timer", "3"])
                element(app, "c.shutter").tap()
                XCTAssertTrue(element(app, "s.countdown").exists)
                sleep(3)
            }
            func testRacesAfterTheTimerButton() throws {
                let app = launchApp([])
                element(app, "c.timer").tap()
                element(app, "c.shutter").tap()
                let frame = element(app, "s.countdown").frame
            }
            func testHeldThenReleased() throws {
                let app = launchApp(["-timer", "10", "-shutter", "-holdCountdown"])
                XCTAssertTrue(element(app, "s.countdown").exists)
                element(app, "s.start").tap()
                waitForMarker("s.state", in: app, "the photo") { $0["captures"] == "1" }
            }
            func testCancelledThenMeasured() throws {
                let app = launchApp(["-timer", "10", "-shutter", "-holdCountdown"])
                element(app, "c.shutter").tap()
                XCTAssertTrue(element(app, "c.timer").exists)
            }
            func testNoTimer() throws {
                let app = launchApp(["-shutter"])
                element(app, "c.shutter").tap()
                XCTAssertTrue(element(app, "c.timer").exists)
            }
        }
        """
        let reader = Reader(
            uiTests: [Reader.Source(path: "UITests/ExampleUITests.swift", text: tests)],
            app: [Reader.Source(path: "App/View.swift", text: view)]
        )
        let clock = Clock(lengthSwitch: "-timer", startSwitch: "-shutter", holdSwitch: "-holdCountdown",
                          starts: ["c.shutter"], releases: ["s.start"], cycles: ["c.timer": [0, 3, 10]])
        let findings = reader.clockFindings(clock)
        #expect(findings.count == 4, "\(findings.joined(separator: "\n"))")
        #expect(findings.contains { $0.contains("testRacesFromLaunch taps 'c.shutter' while a 10 s countdown runs") }, "\(findings)")
        #expect(findings.contains { $0.contains("testRacesAfterTheShutter checks the existence of 's.countdown' while a 3 s countdown runs") }, "\(findings)")
        #expect(findings.contains { $0.contains("testRacesAfterTheShutter sleeps while a 3 s countdown runs") }, "\(findings)")
        #expect(findings.contains { $0.contains("testRacesAfterTheTimerButton reads the frame of 's.countdown' while a 3 s countdown runs") }, "\(findings)")
        #expect(Set(reader.countdowns(clock).map(\.test)) == ["testRacesFromLaunch", "testRacesAfterTheShutter", "testRacesAfterTheTimerButton", "testHeldThenReleased", "testCancelledThenMeasured"])
        #expect(reader.clockFindings(nil).isEmpty, "a recipe without a countdown has nothing to race")
    }
}

extension UITestKindTests.Reader {
    /// The countdown in a test, as the steps so far leave it.
    private enum CountdownState {
        case none
        case running(seconds: Int)
        case held(seconds: Int)
    }

    /// Every countdown a test starts, held or running, with where.
    func countdowns(_ clock: UITestKindTests.Clock?) -> [(test: String, place: String, seconds: Int, held: Bool)] {
        followClock(clock).started
    }

    /// Steps that need a countdown still running, taken while it runs.
    func clockFindings(_ clock: UITestKindTests.Clock?) -> [String] {
        followClock(clock).findings
    }

    private func followClock(_ clock: UITestKindTests.Clock?) -> (findings: [String], started: [(test: String, place: String, seconds: Int, held: Bool)]) {
        guard let clock else { return ([], []) }
        var findings: [String] = []
        var started: [(test: String, place: String, seconds: Int, held: Bool)] = []
        for function in functions where function.name.hasPrefix("test") {
            var length = 0
            var holds = false
            var state = CountdownState.none
            func start(_ step: Step) {
                guard length > 0 else { return }
                state = holds ? .held(seconds: length) : .running(seconds: length)
                started.append((function.name, step.place, length, holds))
            }
            for step in steps(in: function) {
                if case .running(let seconds) = state {
                    switch step.kind {
                    case .tap, .query:
                        let names = step.identifiers.map(\.description).sorted().joined(separator: ", ")
                        findings.append("\(step.place): \(function.name) \(step.verb) '\(names)' while a \(seconds) s countdown runs; "
                            + "launch with \(clock.holdSwitch), act, then release it and only wait for the end")
                    case .sleep:
                        findings.append("\(step.place): \(function.name) sleeps while a \(seconds) s countdown runs; "
                            + "wait for the marker that reports the end instead")
                    case .launch:
                        break
                    }
                }
                switch step.kind {
                case .launch(let switches):
                    length = Self.value(after: clock.lengthSwitch, in: switches).flatMap { Int($0) } ?? 0
                    holds = switches.contains(clock.holdSwitch)
                    state = .none
                    if switches.contains(clock.startSwitch) { start(step) }
                case .tap:
                    let tapped = Set(step.identifiers.filter { !$0.isPrefix }.map(\.text))
                    if !tapped.isDisjoint(with: clock.starts) {
                        if case .none = state { start(step) } else { state = .none }
                    } else if !tapped.isDisjoint(with: clock.releases), case .held(let seconds) = state {
                        state = .running(seconds: seconds)
                    }
                    for (control, lengths) in clock.cycles where tapped.contains(control) {
                        if case .none = state, let index = lengths.firstIndex(of: length) {
                            length = lengths[(index + 1) % lengths.count]
                        }
                    }
                case .query, .sleep:
                    break
                }
            }
        }
        return (findings, started)
    }

    /// `10` in `["-timer", "10"]`: the argument after a switch, unless it is another switch.
    static func value(after name: String, in switches: [String]) -> String? {
        guard let index = switches.firstIndex(of: name), index + 1 < switches.count, !switches[index + 1].hasPrefix("-") else { return nil }
        return switches[index + 1]
    }
}
