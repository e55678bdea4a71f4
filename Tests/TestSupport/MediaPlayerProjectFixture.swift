import Foundation

/// A media-player project generated once, by the built `duo-new`, for the project checks.
///
/// Like `CameraStudioProjectFixture`: nothing in the generated Xcode project compiles on Linux,
/// so the suites read it as data. The project is made the way a user makes it, through the
/// recipe and its layers, so a generator or layer bug that breaks the project fails here too.
///
/// Set `MEDIA_PLAYER_PROJECT` to an already generated project's folder to check that one instead.
package enum MediaPlayerProjectFixture {
    package static let appName = "FieldCast"
    /// A hyphen on purpose: it must survive the pbxproj's quoting rules.
    package static let bundleID = "com.example.field-cast"
    package static var uiTestsBundleID: String { bundleID + ".UITests" }

    /// The generated project's folder, or why there is none.
    package static let generated: Result<URL, CameraStudioProjectFixture.Failure> = generate()

    package static func project() throws -> URL {
        try generated.get()
    }

    package static func xcodeprojFolder() throws -> URL {
        try project().appendingPathComponent("\(appName).xcodeproj")
    }

    /// `project.pbxproj` parsed as a property list: the top-level dictionary.
    package static func pbxproj() throws -> [String: Any] {
        try XcodeProjectData.pbxproj(in: xcodeprojFolder())
    }

    /// The pbxproj's objects, keyed by id.
    package static func objects() throws -> [String: [String: Any]] {
        try XcodeProjectData.objects(in: xcodeprojFolder())
    }

    /// The app's and the UI tests' Swift files, path relative to the project -> text.
    package static func swiftSources() throws -> [(path: String, text: String)] {
        let project = try project()
        return try [appName, "\(appName)UITests"].flatMap { folder in
            try CameraStudioProjectFixture.files(under: project.appendingPathComponent(folder))
                .filter { $0.hasSuffix(".swift") }
                .map { path in
                    ("\(folder)/\(path)",
                     try String(contentsOf: project.appendingPathComponent("\(folder)/\(path)"), encoding: .utf8))
                }
        }
    }

    private static func generate() -> Result<URL, CameraStudioProjectFixture.Failure> {
        CameraStudioProjectFixture.generate(
            recipe: "recipe-media-player", appName: appName, bundleID: bundleID, givenBy: "MEDIA_PLAYER_PROJECT")
    }
}
