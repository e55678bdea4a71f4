import Foundation
import Testing
import TestSupport

/// Three kinds of UI-test fault that only a Mac would show, found by reading the bundled
/// recipes' UI tests (and the duo-app layer's UI-test helpers) next to the views they test
/// (issue 28):
///
/// - reading `value` of an element whose view sets none: XCUI puts a plain `Text`'s string in
///   `label`, so `value` is nil and the test fails on every run;
/// - asserting a minimum size on a control whose accessibility frame is not its hit region
///   (`Slider`, `Toggle`, `Stepper`, `DatePicker`): a frame around one pads its container, and
///   the frame XCUI reports is the control's own;
/// - acting while a clip plays towards its end: a tap, a frame, an `exists` after the clip
///   started, in a launch without `-loop`, races the end of a 12-second clip (autoplay then
///   moves on). Waiting on a marker is not acting: it reads what the app reports;
/// - acting while a countdown runs towards its end (the camera's self-timer): the same race
///   against a clock, in UITestKindClockTests.swift.
///
/// Each element is found by its accessibility identifier, through the layer's helpers
/// (`element(app, …)`, `waitForMarker`, `foldMarker`), `let` bindings and `for name in […]`
/// loops, and its declaration is found in the recipe's views: the modifier chain around its
/// `.accessibilityIdentifier(…)`, or a view such as `TestMarkerView` that takes the identifier.
@Suite("UI tests of the recipes, read for kinds of fault")
struct UITestKindTests {
    static let recipes: [String] = ["recipe-camera-studio", "recipe-media-player"]

    /// What starts a recipe's clip, and what toggles it; recipes without a clip have none.
    /// A launch with `-play` and without `-paused` starts it too; `-loop` keeps it from ending.
    static let clips: [String: (starts: Set<String>, toggles: Set<String>)] = [
        "recipe-media-player": (
            starts: ["detail.play", "upNext.playNow", "problem.retry", "problem.playNext"],
            toggles: ["player.playPause", "mini.playPause"]
        ),
    ]

    static var templates: URL {
        CameraStudioProjectFixture.repositoryRoot.appendingPathComponent("Templates")
    }

    @Test func everyBundledRecipeWithUITestsIsRead() throws {
        let withUITests = try FileManager.default.contentsOfDirectory(atPath: Self.templates.path).filter { name in
            name.hasPrefix("recipe-") && !Reader.uiTestFiles(Self.templates.appendingPathComponent("\(name)/template")).isEmpty
        }
        #expect(withUITests.sorted() == Self.recipes)
    }

    @Test(arguments: recipes) func noTestReadsTheValueOfAnElementThatSetsNone(recipe: String) throws {
        let reader = try Reader(recipe: recipe, templates: Self.templates)
        #expect(reader.valueReads().reduce(0) { $0 + $1.identifiers.count } >= 3, "the marker reads are found: \(reader.valueReads())")
        let findings = reader.valueFindings()
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test(arguments: recipes) func noMinimumSizeIsAssertedOnAControlWhoseFrameIsNotItsHitRegion(recipe: String) throws {
        let reader = try Reader(recipe: recipe, templates: Self.templates)
        #expect(reader.sizeAssertions().reduce(0) { $0 + $1.identifiers.count } >= 5, "the layout test's controls are found: \(reader.sizeAssertions())")
        let findings = reader.sizeFindings()
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test(arguments: recipes) func noTestActsWhileAClipPlaysTowardsItsEnd(recipe: String) throws {
        let reader = try Reader(recipe: recipe, templates: Self.templates)
        let findings = reader.raceFindings(Self.clips[recipe])
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    /// The reader itself, on a small recipe with one fault of each kind and their corrections.
    @Test func theReaderFlagsEachKindAndNotItsCorrection() throws {
        let view = """
            VStack {
                Text(time)
                    .accessibilityIdentifier("p.time")
                Text(left)
                    .accessibilityValue(left)
                    .accessibilityIdentifier("p.left")
                Slider(value: $position, in: 0...1) { editing in
                    scrubbing = editing
                }
                .frame(minHeight: 44)
                .accessibilityIdentifier("p.scrubber")
                Button("Play") { play() }
                    .accessibilityIdentifier(Control.play.accessibilityIdentifier)
            }
        """
        let control = """
        enum Control: String {
            case play
            var accessibilityIdentifier: String {
                "p." + rawValue
            }
        }
        """
        let tests = """
        final class ExampleUITests: XCTestCase {
            func testExample() throws {
                let app = launchApp(["-play", "a-1"])
                XCTAssertEqual(element(app, "p.time").value as? String, "0:04")
                XCTAssertEqual(element(app, "p.left").value as? String, "0:08")
                XCTAssertEqual(element(app, "p.time").label, "0:04")
                for name in ["scrubber", "play"] {
                    let control = element(app, "p.\\(name)")
                    let frame = control.frame
                    checkControl("p.\\(name)", frame, inside: region, clearOf: nil)
                }
                let paused = launchApp(["-play", "a-1", "-paused"])
                element(paused, "p.play").tap()
                XCTAssertTrue(element(paused, "p.time").exists)
            }
        }
        """
        let reader = Reader(
            uiTests: [Reader.Source(path: "UITests/ExampleUITests.swift", text: tests)],
            app: [Reader.Source(path: "App/View.swift", text: view), Reader.Source(path: "App/Control.swift", text: control)]
        )
        let values = reader.valueFindings()
        #expect(values.count == 1 && values.first?.contains("'p.time'") == true && values.first?.contains("Text") == true, "\(values)")
        let sizes = reader.sizeFindings()
        #expect(sizes.count == 1 && sizes.first?.contains("'p.scrubber'") == true && sizes.first?.contains("Slider") == true, "\(sizes)")
        let races = reader.raceFindings((starts: ["p.play"], toggles: []))
        #expect(races.count == 2, "\(races)")
        #expect(races.first?.contains("testExample reads the frame of 'p.play, p.scrubber'") == true, "the frames read in the loop, playing: \(races)")
        #expect(races.last?.contains("checks the existence of 'p.time'") == true, "after Play is tapped the clip runs: \(races)")
        #expect(reader.raceFindings(nil).isEmpty, "a recipe without a clip has nothing to race")
    }
}

extension UITestKindTests {
    /// Reads a recipe's UI tests and views, and answers the three questions.
    struct Reader {
        struct Source {
            let path: String
            let text: String
        }

        /// An identifier a test names: exact, or a prefix when built from something unknown.
        struct Identifier: Hashable, CustomStringConvertible {
            let text: String
            let isPrefix: Bool
            var description: String { isPrefix ? "\(text)…" : text }
        }

        /// Where a view declares an identifier, and what it is.
        struct Declaration {
            let identifier: Identifier
            /// The view the identifier is on: `Text`, `Slider`, `TestMarkerView`, `Button`...
            let kind: String
            let setsValue: Bool
            let place: String
        }

        /// A function of the UI tests, with its parameters and body.
        struct Function {
            let name: String
            let parameters: [(label: String, name: String, type: String, defaultValue: String?)]
            let source: Int
            let body: Range<Int>
        }

        /// Views that carry an accessibility value of their own (XCUI reports it as `value`).
        static let valueCarryingViews: Set<String> = ["Slider", "Stepper", "Toggle", "ProgressView", "Gauge", "TextField", "SecureField", "Picker", "DatePicker"]
        /// Controls whose accessibility frame is the control's own, whatever frame surrounds it.
        static let ownFrameControls: Set<String> = ["Slider", "Toggle", "Stepper", "DatePicker"]

        let uiTests: [Source]
        let app: [Source]
        private let masked: [[Character]]
        let functions: [Function]
        let declarations: [Declaration]

        init(uiTests: [Source], app: [Source]) {
            self.uiTests = uiTests
            self.app = app
            masked = uiTests.map { Self.mask(Array($0.text)) }
            var functions: [Function] = []
            for index in uiTests.indices {
                functions += Self.functions(in: masked[index], original: Array(uiTests[index].text), source: index)
            }
            self.functions = functions
            declarations = Self.declarations(in: app)
        }

        init(recipe: String, templates: URL) throws {
            let layer = templates.appendingPathComponent("duo-app/template")
            let tree = templates.appendingPathComponent("\(recipe)/template")
            let uiTests = (Self.uiTestFiles(tree) + Self.uiTestFiles(layer)).map(Self.read)
            let app = (Self.swiftFiles(tree.appendingPathComponent("__APP_NAME__"))
                + Self.swiftFiles(layer.appendingPathComponent("__APP_NAME__"))).map(Self.read)
            try #require(!uiTests.isEmpty && !app.isEmpty, "\(recipe) has UI tests and views")
            self.init(uiTests: uiTests, app: app)
        }

        static func uiTestFiles(_ tree: URL) -> [URL] {
            swiftFiles(tree.appendingPathComponent("__APP_NAME__UITests"))
        }

        static func swiftFiles(_ folder: URL) -> [URL] {
            CameraStudioProjectFixture.files(under: folder).filter { $0.hasSuffix(".swift") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }

        static func read(_ url: URL) -> Source {
            let parts = url.pathComponents.suffix(3)
            return Source(path: parts.joined(separator: "/"), text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
        }

        // MARK: - The three kinds

        /// Every element whose `value` the tests read, with where.
        func valueReads() -> [(place: String, identifiers: Set<Identifier>)] {
            var reads: [(String, Set<Identifier>)] = []
            for function in functions {
                for offset in occurrences(of: ".value", in: function) where !isIdentifierCharacter(at: offset + 6, in: function.source) {
                    let receiver = receiverText(before: offset, in: function.source)
                    let identifiers = elementIdentifiers(receiver, in: function, depth: 0)
                    if !identifiers.isEmpty {
                        reads.append((place(offset, function.source), identifiers))
                    }
                }
            }
            return reads
        }

        func valueFindings() -> [String] {
            var findings: [String] = []
            for read in valueReads() {
                for identifier in read.identifiers.sorted(by: { $0.text < $1.text }) {
                    let found = declarationsMatching(identifier)
                    if found.isEmpty {
                        findings.append("\(read.place): reads the value of '\(identifier)', which no view declares")
                    }
                    for declaration in found where !declaration.setsValue {
                        findings.append("\(read.place): reads the value of '\(identifier)', a \(declaration.kind) that sets no "
                            + "accessibility value (\(declaration.place)); read its label, or give it an accessibilityValue")
                    }
                }
            }
            return findings
        }

        /// Every element a minimum size is asserted on: `checkControl` (44 pt unless `minimum: 0`)
        /// or a frame's width or height compared with a number.
        func sizeAssertions() -> [(place: String, identifiers: Set<Identifier>)] {
            var asserted: [(String, Set<Identifier>)] = []
            for function in functions where function.name != "checkControl" {
                for offset in calls(named: "checkControl", in: function) {
                    let arguments = Self.arguments(afterOpening: offset + "checkControl".count, in: masked[function.source], original: Array(uiTests[function.source].text))
                    guard arguments.count >= 2, !arguments.contains(where: { $0.hasPrefix("minimum: 0") && $0.dropFirst(10).allSatisfy { !$0.isNumber } }) else { continue }
                    asserted.append((place(offset, function.source), elementIdentifiers(frameOwner(arguments[1]), in: function, depth: 0)))
                }
                for offset in calls(named: "XCTAssertGreaterThanOrEqual", in: function) {
                    let arguments = Self.arguments(afterOpening: offset + "XCTAssertGreaterThanOrEqual".count, in: masked[function.source], original: Array(uiTests[function.source].text))
                    guard arguments.count >= 2, Double(arguments[1].replacingOccurrences(of: " ", with: "")) != nil else { continue }
                    for side in [".width", ".height"] where arguments[0].hasSuffix(side) {
                        asserted.append((place(offset, function.source), elementIdentifiers(frameOwner(String(arguments[0].dropLast(side.count))), in: function, depth: 0)))
                    }
                }
            }
            return asserted
        }

        func sizeFindings() -> [String] {
            var findings: [String] = []
            for assertion in sizeAssertions() {
                for identifier in assertion.identifiers.sorted(by: { $0.text < $1.text }) {
                    for declaration in declarationsMatching(identifier) where Self.ownFrameControls.contains(declaration.kind) {
                        findings.append("\(assertion.place): asserts a minimum size on '\(identifier)', a \(declaration.kind) "
                            + "(\(declaration.place)) whose accessibility frame is its own, not a padded hit region")
                    }
                }
            }
            return findings
        }

        /// Steps that need a clip still playing, taken while it plays towards its end.
        func raceFindings(_ clip: (starts: Set<String>, toggles: Set<String>)?) -> [String] {
            guard let clip else { return [] }
            var findings: [String] = []
            for function in functions where function.name.hasPrefix("test") {
                var playing = false
                var loops = false
                for step in steps(in: function) {
                    switch step.kind {
                    case .launch(let switches):
                        playing = switches.contains("-play") && !switches.contains("-paused")
                        loops = switches.contains("-loop")
                    case .sleep:
                        break
                    case .tap, .query:
                        let names = step.identifiers.map(\.description).sorted().joined(separator: ", ")
                        if playing, !loops {
                            findings.append("\(step.place): \(function.name) \(step.verb) '\(names)' while the clip plays towards its "
                                + "end; start paused, launch with -loop, or only wait for the end")
                        }
                        if case .tap = step.kind {
                            let tapped = Set(step.identifiers.filter { !$0.isPrefix }.map(\.text))
                            if !tapped.isDisjoint(with: clip.starts) {
                                playing = true
                            } else if !tapped.isDisjoint(with: clip.toggles) {
                                playing.toggle()
                            }
                        }
                    }
                }
            }
            return findings
        }

        // MARK: - Steps of a test

        enum StepKind {
            /// The launch switches, in the order they are passed.
            case launch([String])
            case tap
            case query
            /// A fixed wait (`sleep`, `usleep`, `Thread.sleep`): a guess at how long the app takes.
            case sleep
        }

        struct Step {
            let kind: StepKind
            let offset: Int
            let place: String
            let verb: String
            let identifiers: Set<Identifier>
        }

        /// Launches, taps and element queries of a test, in the order they are written.
        func steps(in function: Function) -> [Step] {
            let original = Array(uiTests[function.source].text)
            var steps: [Step] = []
            for name in ["launch", "launchApp"] {
                for offset in calls(named: name, in: function) {
                    let arguments = Self.arguments(afterOpening: offset + name.count, in: masked[function.source], original: original)
                    let switches = arguments.flatMap { Self.stringLiterals(in: $0) }
                    steps.append(Step(kind: .launch(switches), offset: offset, place: place(offset, function.source), verb: "launches", identifiers: []))
                }
            }
            for name in ["sleep", "usleep"] {
                for offset in calls(named: name, in: function) {
                    steps.append(Step(kind: .sleep, offset: offset, place: place(offset, function.source), verb: "sleeps", identifiers: []))
                }
            }
            for offset in occurrences(of: "Thread.sleep(", in: function) {
                steps.append(Step(kind: .sleep, offset: offset, place: place(offset, function.source), verb: "sleeps", identifiers: []))
            }
            for offset in calls(named: "tap", in: function) {
                let arguments = Self.arguments(afterOpening: offset + 3, in: masked[function.source], original: original)
                let identifiers = arguments.first.map { elementIdentifiers($0, in: function, depth: 0) } ?? []
                steps.append(Step(kind: .tap, offset: offset, place: place(offset, function.source), verb: "taps", identifiers: identifiers))
            }
            let queries: [(pattern: String, kind: StepKind, verb: String)] = [
                (".tap()", .tap, "taps"), (".frame", .query, "reads the frame of"), (".exists", .query, "checks the existence of"),
                (".isHittable", .query, "checks whether it can hit"), (".waitForExistence(", .query, "waits for"),
            ]
            for query in queries {
                for offset in occurrences(of: query.pattern, in: function)
                where query.pattern.hasSuffix(")") || query.pattern.hasSuffix("(") || !isIdentifierCharacter(at: offset + query.pattern.count, in: function.source) {
                    let identifiers = elementIdentifiers(receiverText(before: offset, in: function.source), in: function, depth: 0)
                    guard !identifiers.isEmpty else { continue }
                    steps.append(Step(kind: query.kind, offset: offset, place: place(offset, function.source), verb: query.verb, identifiers: identifiers))
                }
            }
            return steps.sorted { $0.offset < $1.offset }
        }

        // MARK: - Resolving elements and identifiers

        /// The identifiers an expression that is an element can stand for.
        func elementIdentifiers(_ expression: String, in function: Function, depth: Int) -> Set<Identifier> {
            let text = expression.trimmingCharacters(in: .whitespaces)
            guard depth < 4, !text.isEmpty else { return [] }
            if text.hasSuffix(".frame") {
                return elementIdentifiers(String(text.dropLast(".frame".count)), in: function, depth: depth)
            }
            if text.hasPrefix("element("), text.hasSuffix(")") {
                let inner = Array(text.dropFirst("element(".count).dropLast())
                let arguments = Self.arguments(afterOpening: -1, in: Self.mask(inner + [")"]), original: inner + [")"])
                return arguments.count == 2 ? identifiers(arguments[1], in: function, depth: depth) : []
            }
            guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return [] }
            if let bound = binding(of: text, in: function) {
                return elementIdentifiers(bound, in: function, depth: depth + 1)
            }
            return argumentsPassed(to: text, of: function, typeContains: "XCUIElement").reduce(into: Set<Identifier>()) { result, passed in
                result.formUnion(elementIdentifiers(passed.argument, in: passed.caller, depth: depth + 1))
            }
        }

        /// The identifiers a string expression can stand for: a literal, a loop over names, a parameter.
        func identifiers(_ expression: String, in function: Function, depth: Int) -> Set<Identifier> {
            let text = expression.trimmingCharacters(in: .whitespaces)
            guard depth < 4 else { return [] }
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                let literal = String(text.dropFirst().dropLast())
                guard let open = literal.range(of: "\\(") else { return [Identifier(text: literal, isPrefix: false)] }
                let prefix = String(literal[..<open.lowerBound])
                let rest = literal[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { return [Identifier(text: prefix, isPrefix: true)] }
                let variable = String(rest[..<close])
                let suffix = String(rest[rest.index(after: close)...])
                guard let names = loopValues(of: variable, in: function), !suffix.contains("\\(") else {
                    return [Identifier(text: prefix, isPrefix: true)]
                }
                return Set(names.map { Identifier(text: prefix + $0 + suffix, isPrefix: false) })
            }
            guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return [] }
            if let bound = binding(of: text, in: function) {
                return identifiers(bound, in: function, depth: depth + 1)
            }
            return argumentsPassed(to: text, of: function, typeContains: "String").reduce(into: Set<Identifier>()) { result, passed in
                result.formUnion(identifiers(passed.argument, in: passed.caller, depth: depth + 1))
            }
        }

        /// What a `let`/`var` in the function was bound to.
        private func binding(of name: String, in function: Function) -> String? {
            let body = String(Array(uiTests[function.source].text)[function.body])
            for line in body.components(separatedBy: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                for keyword in ["let ", "var "] where trimmed.hasPrefix(keyword + name + " = ") || trimmed.hasPrefix(keyword + name + ": ") {
                    guard let equals = trimmed.range(of: " = ") else { continue }
                    return String(trimmed[equals.upperBound...])
                }
            }
            return nil
        }

        /// The names of `for <variable> in [ ... ]` in the function.
        private func loopValues(of variable: String, in function: Function) -> [String]? {
            let body = String(Array(uiTests[function.source].text)[function.body])
            guard let start = body.range(of: "for \(variable) in ["), let end = body[start.upperBound...].firstIndex(of: "]") else { return nil }
            return Self.stringLiterals(in: String(body[start.upperBound..<end]))
        }

        /// For a parameter of `function`, the argument each call of it passes, with the caller.
        private func argumentsPassed(to parameter: String, of function: Function, typeContains type: String) -> [(argument: String, caller: Function)] {
            guard let index = function.parameters.firstIndex(where: { $0.name == parameter && $0.type.contains(type) }) else { return [] }
            let declared = function.parameters[index]
            var passed: [(String, Function)] = []
            for caller in functions {
                for offset in calls(named: function.name, in: caller) {
                    let arguments = Self.arguments(afterOpening: offset + function.name.count, in: masked[caller.source], original: Array(uiTests[caller.source].text))
                    if declared.label == "_" {
                        if index < arguments.count, !arguments[index].contains(":") || arguments[index].hasPrefix("\"") {
                            passed.append((arguments[index], caller))
                        }
                    } else if let labelled = arguments.first(where: { $0.hasPrefix(declared.label + ":") }) {
                        passed.append((String(labelled.dropFirst(declared.label.count + 1)), caller))
                    }
                }
            }
            return passed
        }

        /// `frame` in `checkControl(name, frame, …)`: the element whose frame it is.
        private func frameOwner(_ expression: String) -> String {
            let text = expression.trimmingCharacters(in: .whitespaces)
            return text.hasSuffix(".frame") ? String(text.dropLast(".frame".count)) : text
        }

        func declarationsMatching(_ identifier: Identifier) -> [Declaration] {
            let exact = declarations.filter { !$0.identifier.isPrefix && ($0.identifier.text == identifier.text || (identifier.isPrefix && $0.identifier.text.hasPrefix(identifier.text))) }
            if !exact.isEmpty { return exact }
            return declarations.filter { $0.identifier.isPrefix && identifier.text.hasPrefix($0.identifier.text) }
        }
    }
}

// MARK: - Reading Swift text

extension UITestKindTests.Reader {
    /// The text with comments and the insides of string literals blanked (quotes and line
    /// breaks kept), so brackets and dots can be counted without reading strings.
    static func mask(_ text: [Character]) -> [Character] {
        var result = text
        var index = 0
        func blank(_ at: Int) {
            if result[at] != "\n" { result[at] = " " }
        }
        while index < text.count {
            let next: Character? = index + 1 < text.count ? text[index + 1] : nil
            if text[index] == "/", next == "/" {
                while index < text.count, text[index] != "\n" { blank(index); index += 1 }
            } else if text[index] == "/", next == "*" {
                while index < text.count, !(text[index] == "*" && index + 1 < text.count && text[index + 1] == "/") { blank(index); index += 1 }
                if index < text.count { blank(index); blank(index + 1); index += 2 }
            } else if text[index] == "\"" {
                let triple = index + 2 < text.count && text[index + 1] == "\"" && text[index + 2] == "\""
                index += triple ? 3 : 1
                var interpolation = 0
                while index < text.count {
                    if interpolation > 0 {
                        if text[index] == "(" { interpolation += 1 }
                        if text[index] == ")" { interpolation -= 1 }
                    } else if text[index] == "\\" {
                        blank(index)
                        index += 1
                        if index < text.count, text[index] == "(" { interpolation = 1 }
                    } else if text[index] == "\"" && (!triple || (index + 2 < text.count && text[index + 1] == "\"" && text[index + 2] == "\"")) {
                        break
                    }
                    if index < text.count { blank(index) }
                    index += 1
                }
                index += triple ? 3 : 1
            } else {
                index += 1
            }
        }
        return result
    }

    /// The functions declared in a file: name, parameters and body.
    static func functions(in masked: [Character], original: [Character], source: Int) -> [Function] {
        var found: [Function] = []
        let text = String(masked)
        var search = text.startIndex
        while let range = text.range(of: "func ", range: search..<text.endIndex) {
            search = range.upperBound
            let start = text.distance(from: text.startIndex, to: range.upperBound)
            var index = start
            while index < masked.count, isIdentifier(masked[index]) { index += 1 }
            let name = String(masked[start..<index])
            while index < masked.count, masked[index] != "(" { index += 1 }
            guard index < masked.count, let close = matching(masked, from: index) else { continue }
            let parameters = splitTopLevel(masked, original, from: index + 1, to: close).compactMap(parameter)
            var open = close
            while open < masked.count, masked[open] != "{", masked[open] != "\n" || open == close { open += 1 }
            while open < masked.count, masked[open] != "{" { open += 1 }
            guard open < masked.count, let end = matching(masked, from: open) else { continue }
            found.append(Function(name: name, parameters: parameters, source: source, body: (open + 1)..<end))
        }
        return found
    }

    /// `_ identifier: String = "x"` as label, name, type and default.
    private static func parameter(_ text: String) -> (label: String, name: String, type: String, defaultValue: String?)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let names = text[..<colon].split(separator: " ").map(String.init)
        guard let name = names.last else { return nil }
        let rest = text[text.index(after: colon)...]
        let parts = rest.components(separatedBy: " = ")
        return (names.first ?? name, name, parts[0].trimmingCharacters(in: .whitespaces), parts.count > 1 ? parts[1] : nil)
    }

    /// The index of the bracket closing the one at `open`.
    static func matching(_ masked: [Character], from open: Int) -> Int? {
        let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
        var depth = 0
        var index = open
        while index < masked.count {
            if pairs[masked[index]] != nil { depth += 1 }
            if pairs.values.contains(masked[index]) {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The original text between `start` and `end`, cut at the commas outside brackets.
    static func splitTopLevel(_ masked: [Character], _ original: [Character], from start: Int, to end: Int) -> [String] {
        var parts: [String] = []
        var depth = 0
        var partStart = start
        for index in start..<end {
            switch masked[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(String(original[partStart..<index]))
                partStart = index + 1
            default: break
            }
        }
        parts.append(String(original[partStart..<end]))
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The arguments of a call whose `(` is at `open` (-1: they start at 0).
    static func arguments(afterOpening open: Int, in masked: [Character], original: [Character]) -> [String] {
        var probe = masked
        var start = open
        if open < 0 {
            probe = ["("] + masked
            start = 0
        }
        guard start < probe.count, probe[start] == "(", let close = matching(probe, from: start) else { return [] }
        let shift = open < 0 ? 1 : 0
        return splitTopLevel(masked, original, from: start + 1 - shift, to: close - shift)
    }

    static func stringLiterals(in text: String) -> [String] {
        var literals: [String] = []
        var current: String? = nil
        var escaped = false
        for character in text {
            if var open = current {
                if escaped {
                    open.append(character)
                    escaped = false
                } else if character == "\\" {
                    open.append(character)
                    escaped = true
                } else if character == "\"" {
                    literals.append(open)
                    current = nil
                    continue
                } else {
                    open.append(character)
                }
                current = open
            } else if character == "\"" {
                current = ""
            }
        }
        return literals
    }

    static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    func isIdentifierCharacter(at offset: Int, in source: Int) -> Bool {
        offset < masked[source].count && Self.isIdentifier(masked[source][offset])
    }

    /// Offsets of `pattern` in the function's body.
    func occurrences(of pattern: String, in function: Function) -> [Int] {
        let body = masked[function.source]
        let needle = Array(pattern)
        var offsets: [Int] = []
        var index = function.body.lowerBound
        while index + needle.count <= function.body.upperBound {
            if Array(body[index..<(index + needle.count)]) == needle { offsets.append(index) }
            index += 1
        }
        return offsets
    }

    /// Offsets of calls `name(` in the function's body (not `.name(`, not part of a longer name).
    func calls(named name: String, in function: Function) -> [Int] {
        occurrences(of: name + "(", in: function).filter { offset in
            offset == 0 || !(Self.isIdentifier(masked[function.source][offset - 1]) || masked[function.source][offset - 1] == ".")
        }
    }

    /// The expression a `.member` at `offset` is read from: a name, a call, or a chain of them.
    func receiverText(before offset: Int, in source: Int) -> String {
        let text = masked[source]
        var start = offset
        while start > 0 {
            var index = start - 1
            if text[index] == ")" {
                var depth = 0
                while index >= 0 {
                    if text[index] == ")" { depth += 1 }
                    if text[index] == "(" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index -= 1
                }
                index -= 1
            }
            while index >= 0, Self.isIdentifier(text[index]) { index -= 1 }
            guard index + 1 < start else { break }
            start = index + 1
            guard index >= 0, text[index] == "." else { break }
            start = index
        }
        let original = Array(uiTests[source].text)
        return String(original[start..<offset]).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    func place(_ offset: Int, _ source: Int) -> String {
        let line = masked[source][..<offset].filter { $0 == "\n" }.count + 1
        return "\(uiTests[source].path):\(line)"
    }
}

// MARK: - Declarations in the views

extension UITestKindTests.Reader {
    /// Every accessibility identifier the views set, with the view it is on.
    static func declarations(in app: [Source]) -> [Declaration] {
        let files: [(source: Source, lines: [String])] = app.map { ($0, String(mask(Array($0.text))).components(separatedBy: "\n")) }
        let all = app.map(\.text).joined(separator: "\n")
        var declarations: [Declaration] = []
        var takers: [(view: String, parameter: String, setsValue: Bool)] = []
        for (source, lines) in files {
            let originalLines = source.text.components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                guard let range = line.range(of: ".accessibilityIdentifier(") else { continue }
                let original = originalLines[number]
                let after = original[original.index(original.startIndex, offsetBy: line.distance(from: line.startIndex, to: range.upperBound))...]
                let argument = after[..<(after.lastIndex(of: ")") ?? after.endIndex)]
                let (kind, setsValue) = chain(lines, at: number, app: files)
                let place = "\(source.path):\(number + 1)"
                if let property = argument.split(separator: ".").last, argument.allSatisfy({ isIdentifier($0) }),
                   let owner = enclosingStruct(lines, before: number), declares(property: String(property), in: lines) {
                    takers.append((owner, String(property), setsValue))
                    continue
                }
                for identifier in resolve(String(argument), in: all) {
                    declarations.append(Declaration(identifier: identifier, kind: kind, setsValue: setsValue, place: place))
                }
            }
        }
        // Views that take the identifier as an argument (`TestMarkerView(identifier: …)`).
        for taker in takers {
            for (source, _) in files {
                let original = Array(source.text)
                let masked = mask(original)
                let needle = Array("\(taker.view)(")
                var index = 0
                while index + needle.count <= masked.count {
                    defer { index += 1 }
                    guard Array(masked[index..<(index + needle.count)]) == needle, index == 0 || !isIdentifier(masked[index - 1]) else { continue }
                    let arguments = Self.arguments(afterOpening: index + needle.count - 1, in: masked, original: original)
                    guard let argument = arguments.first(where: { $0.hasPrefix(taker.parameter + ":") }) else { continue }
                    let line = masked[..<index].filter { $0 == "\n" }.count + 1
                    for identifier in resolve(String(argument.dropFirst(taker.parameter.count + 1)), in: all) {
                        declarations.append(Declaration(identifier: identifier, kind: taker.view, setsValue: taker.setsValue, place: "\(source.path):\(line)"))
                    }
                }
            }
        }
        return declarations
    }

    /// What an identifier argument stands for: a literal, a constant, or a computed identifier.
    static func resolve(_ argument: String, in all: String) -> [Identifier] {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\"") {
            let literal = stringLiterals(in: text).first ?? ""
            if let open = literal.range(of: "\\(") {
                return [Identifier(text: String(literal[..<open.lowerBound]), isPrefix: true)]
            }
            return [Identifier(text: literal, isPrefix: false)]
        }
        let components = text.split(separator: ".").map(String.init)
        if components.last == "accessibilityIdentifier", let body = all.range(of: "var accessibilityIdentifier: String {"),
           let prefix = stringLiterals(in: String(all[body.upperBound...].prefix { $0 != "}" })).first {
            if components.count == 3 {
                return [Identifier(text: prefix + components[1], isPrefix: false)]
            }
            return [Identifier(text: prefix, isPrefix: true)]
        }
        if let name = components.last {
            for form in ["static let \(name): String = ", "static let \(name) = "] {
                if let range = all.range(of: form), let literal = stringLiterals(in: String(all[range.upperBound...].prefix { $0 != "\n" })).first {
                    return [Identifier(text: literal, isPrefix: false)]
                }
            }
        }
        return []
    }

    /// The view a modifier chain is attached to, and whether the chain sets a value.
    static func chain(_ lines: [String], at number: Int, app: [(source: Source, lines: [String])]) -> (kind: String, setsValue: Bool) {
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func trimmed(_ line: String) -> String { line.trimmingCharacters(in: .whitespaces) }
        let level = indent(lines[number])
        var setsValue = lines[number].contains(".accessibilityValue(")
        var index = number + 1
        while index < lines.count {
            let line = lines[index]
            let text = trimmed(line)
            if text.isEmpty || indent(line) > level || (indent(line) == level && text.hasPrefix("}")) {
                index += 1
            } else if indent(line) == level, text.hasPrefix(".") {
                setsValue = setsValue || text.hasPrefix(".accessibilityValue(")
                index += 1
            } else {
                break
            }
        }
        var head = trimmed(lines[number]).hasPrefix(".") ? "" : trimmed(lines[number])
        index = number - 1
        while head.isEmpty, index >= 0 {
            let line = lines[index]
            let text = trimmed(line)
            if text.isEmpty || indent(line) > level || (indent(line) == level && (text.hasPrefix("}") || text.hasPrefix(")"))) {
                index -= 1
            } else if indent(line) == level, text.hasPrefix(".") {
                setsValue = setsValue || text.hasPrefix(".accessibilityValue(")
                index -= 1
            } else if indent(line) < level, text.hasPrefix("}") || text.hasPrefix(")") {
                let target = indent(line)
                index -= 1
                while index >= 0, indent(lines[index]) != target || trimmed(lines[index]).isEmpty
                        || trimmed(lines[index]).hasPrefix("}") || trimmed(lines[index]).hasPrefix(")") {
                    index -= 1
                }
                head = index >= 0 ? trimmed(lines[index]) : "?"
            } else {
                head = text
            }
        }
        let kind = head.split(whereSeparator: { !isIdentifier($0) }).first { $0.first?.isUppercase == true }.map(String.init) ?? "view"
        let root = rootView(of: kind, in: app)
        return (root == kind ? kind : "\(kind) (a \(root))", setsValue || valueCarryingViews.contains(root))
    }

    /// The view a custom view's body starts with (`IconButton` → `Button`), or the kind itself.
    static func rootView(of kind: String, in app: [(source: Source, lines: [String])]) -> String {
        for (_, lines) in app {
            guard let start = lines.firstIndex(where: { $0.contains("struct \(kind): View") || $0.contains("struct \(kind) : View") }),
                  let body = lines[start...].firstIndex(where: { $0.contains("var body: some View {") }) else { continue }
            for line in lines[(body + 1)...] where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                return line.split(whereSeparator: { !isIdentifier($0) }).first { $0.first?.isUppercase == true }.map(String.init) ?? kind
            }
        }
        return kind
    }

    static func enclosingStruct(_ lines: [String], before number: Int) -> String? {
        for line in lines[..<number].reversed() {
            if let range = line.range(of: "struct ") {
                return String(line[range.upperBound...].prefix { isIdentifier($0) })
            }
        }
        return nil
    }

    /// Whether the file declares `let <property>: String`, a view's stored property.
    static func declares(property: String, in lines: [String]) -> Bool {
        lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("let \(property): String") }
    }
}
