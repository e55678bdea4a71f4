import Foundation

/// A bundled recipe's project, generated once by the built `duo-new` with its checks, so its
/// package is built cold the way a user's first run builds it, then lent to one test at a time.
///
/// A cold `swift test` of a generated package costs 25 to 35 s of CPU, most of it SwiftPM's own
/// (docs/performance.md). The suites that need a built project, to run its model tests again on
/// a broken file or to draw its layout pictures, borrow this one instead of building their own.
/// A borrower names the files it changes; they are put back byte for byte when it returns,
/// whatever happened, and the package is built again, which recompiles only those files.
package actor BuiltProject {
    /// What generation printed, and where the project is.
    package struct Generation: Sendable {
        package let status: Int32
        package let output: String
        /// The folder generation ran in (`./APP` is inside it).
        package let work: URL
        package let project: URL
    }

    /// The camera studio as the README's first command makes it.
    package static let cameraStudio = BuiltProject(
        recipe: "recipe-camera-studio", appName: "Sitter", bundleID: "com.example.sitter", options: []
    )
    /// The media player, with its checks drawing the layout pictures into `pictures` in `work`.
    package static let mediaPlayer = BuiltProject(
        recipe: "recipe-media-player", appName: "FieldCast", bundleID: "com.example.fieldcast", options: ["--pictures", "pictures"]
    )

    /// The shared project of `recipe`, if it has one.
    package static func of(_ recipe: String) -> BuiltProject? {
        [cameraStudio, mediaPlayer].first { $0.recipe == recipe }
    }

    package nonisolated let recipe: String
    package nonisolated let appName: String
    private let bundleID: String
    private let options: [String]
    private var generation: Task<Generation, any Error>?

    private init(recipe: String, appName: String, bundleID: String, options: [String]) {
        self.recipe = recipe
        self.appName = appName
        self.bundleID = bundleID
        self.options = options
    }

    /// The one generation, run by the first caller and awaited by the rest.
    package func generated() async throws -> Generation {
        if let generation { return try await generation.value }
        let arguments = [recipe, appName, bundleID, "./\(appName)"] + options
        let appName = appName
        let task = Task.detached { () throws -> Generation in
            let work = try TestScratch.makeFolder("built-\(appName)")
            let run = try CameraStudioTemplate.duoNew(arguments, in: work)
            return Generation(status: run.status, output: run.output, work: work, project: work.appendingPathComponent(appName))
        }
        generation = task
        return try await task.value
    }

    /// Runs `body` on the generated project with no other borrower at the same time, then puts
    /// each file of `restoring` (paths inside the project) back as it was, its bytes or its
    /// absence (a folder that was not there, such as `build`, is removed with what it holds), and builds the package again, so the next borrower finds the project as
    /// generated and its build up to date (a test that runs the build expecting nothing to
    /// compile must not pay for the last one's edits). Fails when generation did not succeed.
    package func borrow<T: Sendable>(restoring paths: [String], _ body: (URL) throws -> T) async throws -> T {
        let generation = try await generated()
        try required(generation.status == 0, "generating \(appName) failed (exit \(generation.status)): \(generation.output.suffix(2000))")
        // No suspension from here to the end: the actor runs one body at a time.
        let kept: [(URL, Data?)] = try paths.map { path in
            let file = generation.project.appendingPathComponent(path)
            return (file, FileManager.default.fileExists(atPath: file.path) ? try Data(contentsOf: file) : nil)
        }
        let result = Result { try body(generation.project) }
        for (file, data) in kept {
            if let data {
                try data.write(to: file)
            } else if FileManager.default.fileExists(atPath: file.path) {
                try FileManager.default.removeItem(at: file)
            }
        }
        if !kept.isEmpty {
            let build = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--build-tests"], in: generation.project, mergingErrors: true
            )
            try required(build.status == 0, "\(appName) does not build again after its files were put back: \(build.outputText.suffix(2000))")
        }
        return try result.get()
    }
}
