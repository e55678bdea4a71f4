import Foundation
import Testing
import TestSupport

/// Rules about the apps' code that only a device would otherwise show, read from the recipes'
/// app sources (the recipe and the duo-app layer under it): who starts the camera or playback,
/// who hears the window's scene phase, that preview and video layers move without Core
/// Animation's implicit animation, and how the player decides that it is playing.
@Suite("Recipes: device rules in the app code")
struct DeviceRulesTests {
    static let recipes = ["recipe-camera-studio", "recipe-media-player"]

    /// Calls that start the camera or playback.
    static let starters = ["start()", ".startRunning(", ".play()", "attachSubjectPreview(", ".resume()", ".restart("]

    /// A `.task` or `.onAppear` below the root view runs again, or is cancelled, whenever SwiftUI
    /// rebuilds its view (a fold can do that); the camera and playback start at the root, which
    /// lives as long as the window.
    @Test(arguments: recipes)
    func noTaskOrOnAppearBelowTheRootStartsCaptureOrPlayback(recipe: String) throws {
        var offenders: [String] = []
        var rootStarts = 0
        for source in try Self.appSources(recipe) {
            let isRoot = source.path.hasSuffix("App/RootView.swift") || source.path.hasSuffix("App.swift")
            let code = source.text.components(separatedBy: "\n").map(Self.code).joined(separator: "\n")
            for (line, body) in Self.closures(after: #"\.(task|onAppear)\b"#, in: code) {
                let starts = Self.starters.filter { body.contains($0) }
                guard !starts.isEmpty else { continue }
                if isRoot {
                    rootStarts += 1
                } else {
                    offenders.append("\(source.path):\(line) starts \(starts.joined(separator: ", "))")
                }
            }
        }
        #expect(offenders.isEmpty, "capture or playback started below the root view: \(offenders)")
        if recipe == "recipe-camera-studio" {
            #expect(rootStarts == 1, "the camera studio starts its camera in one .task of its root view")
        }
    }

    /// A layer's frame change, or its first appearance, animates on Core Animation's implicit
    /// 0.25 s unless actions are off: the picture would slide across the screen at every fold.
    /// Every frame set on a layer and every `addSublayer` sits in a `CATransaction` with
    /// `setDisableActions(true)`.
    @Test(arguments: recipes)
    func previewAndVideoLayersMoveWithImplicitActionsOff(recipe: String) throws {
        var checked = 0
        var offenders: [String] = []
        for source in try Self.appSources(recipe) {
            let lines = source.text.components(separatedBy: "\n").map(Self.code)
            for (index, line) in lines.enumerated() where Self.movesALayer(line) {
                checked += 1
                if !Self.insideQuietTransaction(lines[..<index]) {
                    offenders.append("\(source.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(checked > 0, "no layer frame or addSublayer found: the rule would pass unseen")
        #expect(offenders.isEmpty, "a layer moved with implicit actions on: \(offenders)")
    }

    /// What each root tells its model when its window's scene changes.
    static let sceneReports = ["recipe-camera-studio": "sceneChanged(", "recipe-media-player": "sceneMovedToBackground("]

    /// The camera must stop, and the player leave its layer, when the window leaves the screen
    /// or stops being active. A view below the root may be rebuilt, and the app's own
    /// `scenePhase` (read in the `App`) merges every scene the app has, which on iPhone Duo may
    /// include the subject view's on the outer display. So the root view reads its window's
    /// `scenePhase` and reports each change to its model, and nothing else reads it.
    @Test(arguments: recipes)
    func rootReportsItsWindowsScenePhaseToTheModel(recipe: String) throws {
        let report = try #require(Self.sceneReports[recipe])
        var reports = 0
        var elsewhere: [String] = []
        for source in try Self.appSources(recipe) {
            let code = source.text.components(separatedBy: "\n").map(Self.code).joined(separator: "\n")
            guard code.contains("scenePhase") else { continue }
            guard source.path.hasSuffix("App/RootView.swift") else {
                elsewhere.append(source.path)
                continue
            }
            #expect(code.contains("@Environment(\\.scenePhase)"), "\(source.path) reads its window's scenePhase")
            for (_, body) in Self.closures(after: #"\.onChange\(of: scenePhase\)"#, in: code) where body.contains(report) {
                reports += 1
            }
        }
        #expect(reports == 1, "\(recipe)'s root view reports each scene change to its model with \(report)")
        #expect(elsewhere.isEmpty, "scenePhase read below or above the root view: \(elsewhere)")
    }

    /// `rate` is the rate asked for: a stalled stream keeps it at 1 while nothing plays.
    /// `timeControlStatus` says whether the player is playing, waiting or paused.
    @Test func playerDecidesPlayingFromTimeControlStatusNotRate() throws {
        var offenders: [String] = []
        var usesStatus = false
        for source in try Self.appSources("recipe-media-player") {
            for (index, raw) in source.text.components(separatedBy: "\n").enumerated() {
                let line = Self.code(raw)
                if line.range(of: #"\.rate\s*(!=|==|>|<)|(!=|==|>|<)\s*\w+\.rate\b"#, options: .regularExpression) != nil {
                    offenders.append("\(source.path):\(index + 1)")
                }
                usesStatus = usesStatus || line.contains("timeControlStatus")
            }
        }
        #expect(offenders.isEmpty, "playing decided from rate: \(offenders)")
        #expect(usesStatus, "the player should read timeControlStatus")
    }

    // MARK: - Reading the sources

    static func appSources(_ recipe: String) throws -> [(path: String, text: String)] {
        let root = CameraStudioProjectFixture.repositoryRoot.appendingPathComponent("Templates")
        var sources: [(path: String, text: String)] = []
        for layer in [recipe, "duo-app"] {
            let folder = root.appendingPathComponent("\(layer)/template/__APP_NAME__")
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                sources.append(("\(layer)/\(path)", text))
            }
        }
        #expect(!sources.isEmpty, "no app sources for \(recipe)")
        return sources.sorted { $0.path < $1.path }
    }

    /// A line without its `//` comment (the recipes put no `//` inside strings on these lines).
    static func code(_ line: String) -> String {
        guard let range = line.range(of: "//") else { return line }
        return String(line[..<range.lowerBound])
    }

    static func movesALayer(_ line: String) -> Bool {
        line.contains("addSublayer(")
            || line.range(of: #"(layer|Layer|hosted)\??\.frame\s*="#, options: .regularExpression) != nil
    }

    /// Whether the lines before this one leave a `CATransaction` open with actions disabled.
    static func insideQuietTransaction(_ before: ArraySlice<String>) -> Bool {
        guard let begin = before.lastIndex(where: { $0.contains("CATransaction.begin()") }) else { return false }
        let after = before[begin...]
        return !after.contains { $0.contains("CATransaction.commit()") }
            && after.contains { $0.contains("CATransaction.setDisableActions(true)") }
    }

    /// Each match of `pattern` with the body of the first closure after it (to its matching
    /// brace), and the match's line number.
    static func closures(after pattern: String, in text: String) -> [(line: Int, body: String)] {
        let characters = Array(text)
        var found: [(Int, String)] = []
        var searchStart = text.startIndex
        while let match = text.range(of: pattern, options: .regularExpression, range: searchStart..<text.endIndex) {
            searchStart = match.upperBound
            let line = text[..<match.lowerBound].filter { $0 == "\n" }.count + 1
            var index = text.distance(from: text.startIndex, to: match.upperBound)
            while index < characters.count, characters[index] != "{" { index += 1 }
            var depth = 0
            var body = ""
            while index < characters.count {
                let character = characters[index]
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1 }
                body.append(character)
                index += 1
                if depth == 0 { break }
            }
            found.append((line, body))
        }
        return found
    }
}
