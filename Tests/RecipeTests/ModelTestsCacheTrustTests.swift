import Foundation
import Testing
import TestSupport

/// What `Tools/run-model-tests.sh` trusts: it compiles the very bytes it hashed, runs a cached
/// program only when the entry is the user's alone, treats an unusable cache or build folder
/// as a setup problem (never "the model does not compile"), and finds the app's folder from
/// what the project names, not from the first `*/Model`.
@Suite("model tests cache trust")
struct ModelTestsCacheTrustTests {
    /// A stand-in `swiftc` that, on its first compile, replaces the project's `file` with
    /// `replacement` (as an editor saving during the run would) before any compile reads it,
    /// then hands everything to the real compiler.
    static func editingCompiler(editing file: URL, with replacement: URL) throws -> URL {
        let real: String = try #require(CameraStudioTemplate.tool("swiftc"), "swiftc is on PATH")
        let bin: URL = try TestScratch.makeFolder("editing-swiftc")
        let marks: URL = bin.appendingPathComponent("marks")
        let script: String = """
            #!/bin/sh
            if [ "$1" != --version ]; then
                if mkdir '\(marks.path)' 2>/dev/null; then
                    cp '\(replacement.path)' '\(file.path)'
                    : >'\(marks.path)/done'
                fi
                while [ ! -e '\(marks.path)/done' ]; do sleep 0.1; done
            fi
            exec '\(real)' "$@"

            """
        let wrapper: URL = bin.appendingPathComponent("swiftc")
        try script.write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        return bin
    }

    static func path(with bin: URL) -> String {
        bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// A file saved while the compiler runs does not get its program kept under the key of
    /// what was there before: a later run of the old sources must not reuse it.
    @Test func aSourceEditedDuringARunIsNotWhatTheProgramIsKeptUnder() async throws {
        let cache: URL = try TestScratch.makeFolder("model-cache-edited")
        let project: URL = try ModelTestsCache.generate("Sitter")
        let model: URL = project.appendingPathComponent("Sitter/Model/TimerSetting.swift")
        let original: String = try String(contentsOf: model, encoding: .utf8)
        let broken: String = original.replacingOccurrences(of: "\"\\(rawValue) s\"", with: "\"\\(rawValue) sec\"")
        try #require(broken != original, "TimerSetting labels a setting \"3 s\"")
        let replacement: URL = try TestScratch.makeFolder("edited-source").appendingPathComponent("TimerSetting.swift")
        try broken.write(to: replacement, atomically: true, encoding: .utf8)
        let bin: URL = try Self.editingCompiler(editing: model, with: replacement)

        let during: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: ["PATH": Self.path(with: bin)])
        #expect(try String(contentsOf: model, encoding: .utf8) == broken, "the stand-in edited the project's file")
        #expect(during.status == 0, "the sources as they were when the run began were compiled: \(during.output.suffix(2000))")

        try original.write(to: model, atomically: true, encoding: .utf8)
        let after: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: ["PATH": Self.path(with: bin)])
        #expect(ModelTestsCache.reused(after), "\(after.output.prefix(600))")
        #expect(after.status == 0 && CameraStudioTemplate.finalCounts(after.output)?.failed == 0, "\(after.output.suffix(2000))")

        try broken.write(to: model, atomically: true, encoding: .utf8)
        let edited: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: ["PATH": Self.path(with: bin)])
        #expect(ModelTestsCache.compiled(edited) && edited.status == 1, "the edit is compiled and fails its check: \(edited.output.suffix(2000))")
    }

    /// How a cache entry can be someone else's.
    enum Planting: String, CaseIterable, Sendable {
        case othersMayWrite, groupMayWrite, anotherOwner, storeOthersMayWrite

        /// Giving a file to another user takes root (chown(2) needs CAP_CHOWN); the other
        /// plantings are a chmod any user can make.
        var needsRoot: Bool { self == .anotherOwner }
    }

    /// A program planted under the key (with its checksum to match) is never run unless the
    /// entry is the user's alone: the run compiles and says why.
    @Test(arguments: Planting.allCases.filter { !$0.needsRoot })
    func aCachedProgramThatIsNotTheUsersAloneIsNeverRun(_ planting: Planting) async throws {
        try await Self.plantedProgramIsNotRun(planting)
    }

    /// The same for an entry owned by another user, which only root can make: an ordinary user
    /// cannot give a file away, and no file of another user's can be put under the key without
    /// that. CI runs the tests as root, so it runs there.
    @Test(.enabled(if: getuid() == 0, "only root can give a cache entry to another user (chown)"),
          arguments: Planting.allCases.filter(\.needsRoot))
    func aCachedProgramOfAnotherOwnerIsNeverRun(_ planting: Planting) async throws {
        try await Self.plantedProgramIsNotRun(planting)
    }

    static func plantedProgramIsNotRun(_ planting: Planting) async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let entry: URL = try #require(try ModelTestsCache.entries(cache).first)
        let planted: String = "#!/bin/sh\necho \"427 passed, 0 failed\"\n"
        try planted.write(to: entry, atomically: false, encoding: .utf8)
        let sum: URL = entry.deletingPathExtension().appendingPathExtension("sha256")
        let digest: String = try Self.sha256(of: entry)
        try (digest + "\n").write(to: sum, atomically: false, encoding: .utf8)
        let store: URL = ModelTestsCache.store(cache)
        switch planting {
        case .othersMayWrite: try FileManager.default.setAttributes([.posixPermissions: 0o757], ofItemAtPath: entry.path)
        case .groupMayWrite: try FileManager.default.setAttributes([.posixPermissions: 0o775], ofItemAtPath: entry.path)
        case .anotherOwner: try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: entry.path)
        case .storeOthersMayWrite: try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: store.path)
        }
        let project: URL = try ModelTestsCache.generate("Sitter")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("not yours alone"), "\(run.output.prefix(800))")
        #expect(ModelTestsCache.compiled(run), "\(run.output.prefix(800))")
        #expect(CameraStudioTemplate.finalCounts(run.output)?.passed != 427, "the planted program did not run")
    }

    static func sha256(of file: URL) throws -> String {
        let child: ChildProcess = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", file.path], in: file.deletingLastPathComponent())
        return String(child.outputText.prefix(64))
    }

    /// A cache folder that cannot be made is no error: the run compiles without it, and the
    /// compiler's own module cache goes into the run's folder.
    @Test func anUnusableCacheFolderIsNotCodeThatDoesNotCompile() async throws {
        let blocker: URL = try TestScratch.makeFolder("model-cache-blocked").appendingPathComponent("a-file")
        try Data("not a folder\n".utf8).write(to: blocker)
        let project: URL = try ModelTestsCache.generate("Sitter")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: blocker)
        #expect(!run.output.contains("the model does not compile"), "\(run.output.suffix(2000))")
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("cache off: \(blocker.path)/duo-new/model-tests could not be created"), "\(run.output.prefix(600))")
    }

    /// No build folder: the checks cannot run here (126, which duo-new reports as "could not
    /// run"), with what to do.
    @Test func noBuildFolderIsASetupProblem() throws {
        let project: URL = try ModelTestsCache.generate("Sitter")
        let cache: URL = try TestScratch.makeFolder("model-cache-no-tmp")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: ["TMPDIR": "/nonexistent/tmp"])
        #expect(run.status == 126, "\(run.output)")
        #expect(run.output.hasSuffix("run-model-tests: no build folder could be made in /nonexistent/tmp; make it writable, or point TMPDIR at a folder that is\n"), "\(run.output)")
    }

    /// What the project holds that could be taken for the app's folder.
    enum Decoy: String, CaseIterable, Sendable {
        case docsModel, noRecord, recordNamingAPath, recordNamingDocs
    }

    /// The app's folder is the one the record (or the Xcode project) names, whatever other
    /// folder holds a `Model/`.
    @Test(arguments: Decoy.allCases)
    func theAppFolderComesFromTheProjectNotTheFirstModelFolder(_ decoy: Decoy) async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let project: URL = try ModelTestsCache.generate("Sitter")
        let docs: URL = project.appendingPathComponent("docs/Model", isDirectory: true)
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("Notes about the model.\n".utf8).write(to: docs.appendingPathComponent("README.md"))
        let record: URL = project.appendingPathComponent(".duo-new.json")
        let text: String = try String(contentsOf: record, encoding: .utf8)
        switch decoy {
        case .docsModel: break
        case .noRecord: try FileManager.default.removeItem(at: record)
        case .recordNamingAPath: try text.replacingOccurrences(of: "\"APP_NAME\" : \"Sitter\"", with: "\"APP_NAME\" : \"../Sitter\"").write(to: record, atomically: true, encoding: .utf8)
        case .recordNamingDocs: try text.replacingOccurrences(of: "\"APP_NAME\" : \"Sitter\"", with: "\"APP_NAME\" : \"docs\"").write(to: record, atomically: true, encoding: .utf8)
        }
        if decoy == .recordNamingAPath || decoy == .recordNamingDocs {
            #expect(try String(contentsOf: record, encoding: .utf8) != text, "the record was changed")
        }
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("from Sitter/"), "\(run.output.prefix(600))")
        #expect(CameraStudioTemplate.finalCounts(run.output)?.failed == 0)
    }

    /// With neither a usable record nor a single Xcode project, the run cannot tell the app
    /// and says so (126), rather than guessing.
    @Test func noNameForTheAppIsASetupProblem() throws {
        let project: URL = try ModelTestsCache.generate("Sitter")
        try FileManager.default.removeItem(at: project.appendingPathComponent(".duo-new.json"))
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Other.xcodeproj"), withIntermediateDirectories: true)
        let cache: URL = try TestScratch.makeFolder("model-cache-no-app")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(run.status == 126, "\(run.output)")
        #expect(run.output.contains("run-model-tests: cannot tell the app's folder in "), "\(run.output)")
    }
}
