import Foundation
import Testing
import TestSupport

/// The recipe's checklist items that Linux can check in a generated project, beyond the data
/// checks of the other camera-studio suites. The rest need a Mac and are listed in the
/// generated README as unverified. The item "`swift test` passes every model test" is
/// `CameraStudioModelTests.generatingSitterRunsItsModelTestsAndTheyPass`, which runs them through
/// duo-new itself, as a user does.
@Suite("Camera studio: checklist items of a generated project")
struct CameraStudioProjectChecklistTests {
    typealias Fixture = CameraStudioProjectFixture

    /// The UI tests find everything by identifier; each one they ask for must exist in the app,
    /// or a test could only fail on the Mac.
    @Test func everyIdentifierTheUITestsUseExistsInTheApp() throws {
        let sources = try CameraStudioProjectResourceTests.swiftSources()
        let uiTests = sources.filter { $0.0.hasPrefix("\(Fixture.appName)UITests/") }.map(\.1).joined()
        let app = sources.filter { $0.0.hasPrefix("\(Fixture.appName)/") }.map(\.1).joined()
        #expect(!uiTests.isEmpty && !app.isEmpty)

        let literal = try Regex(#""((?:studio|gallery)\.[A-Za-z]+)""#)
        let identifiers = Set(uiTests.matches(of: literal).compactMap { $0.output[1].substring.map(String.init) })
        #expect(identifiers.count >= 8, "\(identifiers.sorted())")
        for identifier in identifiers {
            #expect(app.contains("\"\(identifier)\""), "the UI tests look for \(identifier), which the app never sets")
        }

        // Controls are found as "control.<name>", from StudioControl's cases.
        let controlList = try Regex(#"for name in \[([^\]]*)\]"#)
        let names = uiTests.matches(of: controlList).flatMap { match in
            (match.output[1].substring.map(String.init) ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        let control = try String(contentsOf: Fixture.project()
            .appendingPathComponent("\(Fixture.appName)/Model/StudioControl.swift"), encoding: .utf8)
        #expect(names.count == 6, "\(names)")
        for name in names {
            #expect(control.contains("case \(name)\n"), "control.\(name): StudioControl has no case \(name)")
        }
    }

    /// "Every camera lookup is optional; nothing force-unwraps a device": the simulator has no
    /// camera, so a forced unwrap there is a crash at launch.
    @Test func nothingForceUnwrapsOrForceCastsInTheApp() throws {
        let forced = try Regex(#"try!|as!|[A-Za-z0-9_\)\]]!(?!=)"#)
        var hits: [String] = []
        for (path, text) in try CameraStudioProjectResourceTests.swiftSources() where path.hasPrefix("\(Fixture.appName)/") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.contains(forced) {
                    hits.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(hits.isEmpty, "\(hits.joined(separator: "\n"))")
    }

    /// "Usage strings, privacy manifest and App Store Connect answers agree": the part Linux can
    /// see. Each capability the app uses has its usage string, and nothing more is declared.
    @Test func usageStringsMatchWhatTheAppUses() throws {
        let pbxproj = try String(
            contentsOf: Fixture.xcodeprojFolder().appendingPathComponent("project.pbxproj"), encoding: .utf8)
        let sources = try CameraStudioProjectResourceTests.swiftSources().map(\.1).joined(separator: "\n")
        let uses: [(key: String, evidence: String)] = [
            ("NSCameraUsageDescription", "AVCaptureDevice.requestAccess"),
            ("NSMicrophoneUsageDescription", "AVCaptureDevice.default(for: .audio)"),
            ("NSPhotoLibraryAddUsageDescription", "ShareLink"),
        ]
        for use in uses {
            #expect(sources.contains(use.evidence), "the app no longer uses \(use.evidence); drop \(use.key)?")
            #expect(pbxproj.components(separatedBy: "INFOPLIST_KEY_\(use.key) = ").count == 3,
                    "\(use.key) should be set once in Debug and once in Release of the app target")
        }
        for undeclared in ["NSPhotoLibraryUsageDescription", "NSLocationWhenInUseUsageDescription", "NSUserTrackingUsageDescription"] {
            #expect(!pbxproj.contains(undeclared), "\(undeclared) is declared but the studio doesn't need it")
        }
    }
}
