import Foundation

/// A camera-studio project generated once, by the built `duo-new`, for the project checks.
///
/// Nothing in the generated Xcode project can be compiled on Linux, so these suites check it as
/// data: the property lists parse, references resolve, the stamped names are where Xcode looks.
/// The project is made the way a user makes it, so a generator bug that breaks the project (a
/// stamped binary, a lost file, a leftover token) fails here too.
///
/// Set `CAMERA_STUDIO_PROJECT` to an already generated project's folder to check that one instead
/// (for example one generated on a Mac with other names).
package enum CameraStudioProjectFixture {
    package static let appName = "Sitter"
    /// A hyphen on purpose: it must survive the pbxproj's quoting rules.
    package static let bundleID = "com.example.studio-sitter"
    package static var uiTestsBundleID: String { bundleID + ".UITests" }

    /// The repository's root, found from this file.
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let recipeFolder = repositoryRoot.appendingPathComponent("Templates/recipe-camera-studio")
    package static let templateTree = recipeFolder.appendingPathComponent("template")

    /// The generated project's folder, or why there is none.
    package static let generated: Result<URL, Failure> = generate()

    /// The generated project; throws why when generation failed.
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

    // MARK: - Generation

    private static func generate() -> Result<URL, Failure> {
        generate(recipe: "recipe-camera-studio", appName: appName, bundleID: bundleID, givenBy: "CAMERA_STUDIO_PROJECT")
    }

    /// Generates `recipe` with the built `duo-new` into a new temporary folder, without its
    /// checks, or takes the project named by the environment variable `givenBy` when it is set.
    package static func generate(recipe: String, appName: String, bundleID: String, givenBy variable: String) -> Result<URL, Failure> {
        if let given = ProcessInfo.processInfo.environment[variable], !given.isEmpty {
            return .success(URL(fileURLWithPath: given))
        }
        guard let binary = EndToEndHarness.binary else {
            return .failure(Failure(message: "the built duo-new binary was not found next to the test bundle"))
        }
        let work = TestScratch.folder.appendingPathComponent("\(recipe)-project-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            return .failure(Failure(message: "cannot create \(work.path): \(error)"))
        }
        let destination = work.appendingPathComponent(appName)
        let arguments = [
            recipe, appName, bundleID, destination.path,
            "--templates", repositoryRoot.appendingPathComponent("Templates").path,
            "--no-test",
        ]
        let child: ChildProcess
        do {
            child = try ChildProcess.run(binary, arguments, in: work, mergingErrors: true)
        } catch {
            return .failure(Failure(message: "cannot start duo-new: \(error)"))
        }
        guard child.status == 0 else {
            return .failure(Failure(message: "duo-new exited with \(child.status):\n\(child.outputText)"))
        }
        return .success(destination)
    }

    // MARK: - Reading the generated tree

    /// Every file below `folder`, as paths relative to it, sorted.
    package static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var paths: [String] = []
        let prefix = folder.standardizedFileURL.path + "/"
        for case let url as URL in enumerator {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            guard isFile else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        return paths.sorted()
    }

    /// Why the project could not be generated; shown as the failing tests' error.
    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
