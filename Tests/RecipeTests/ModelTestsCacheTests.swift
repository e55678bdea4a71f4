import Foundation
import Testing
import TestSupport

/// The compile cache of a generated project's `Tools/run-model-tests.sh`: a program is reused
/// only when everything that goes into it is the same, and a run never trusts a damaged one.
/// Each test has its own `XDG_CACHE_HOME`, filled from one shared warm cache where it needs one.
@Suite("model tests compile cache")
struct ModelTestsCacheTests {
    @Test func anUnchangedProjectReusesTheProgramAndSoDoesAnotherAppName() async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let project: URL = try ModelTestsCache.generate("Sitter")
        let again: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(again.status == 0, "\(again.output.suffix(2000))")
        #expect(ModelTestsCache.reused(again), "\(again.output.prefix(600))")
        #expect(CameraStudioTemplate.finalCounts(again.output)?.failed == 0)

        let other: URL = try ModelTestsCache.generate("Sitter2")
        let shared: CameraStudioTemplate.Run = try ModelTestsCache.run(other, cache: cache)
        #expect(shared.status == 0, "\(shared.output.suffix(2000))")
        #expect(ModelTestsCache.reused(shared), "a second AppName compiles the same sources: \(shared.output.prefix(600))")
        #expect(shared.output.contains("from Sitter2/"))
        #expect(try ModelTestsCache.entries(cache).count == 1)
    }

    /// What changes the program: a compiled source, a compiler flag, the compiler itself.
    enum Change: String, CaseIterable, Sendable {
        case source, flag, compilerVersion
    }

    @Test(arguments: Change.allCases)
    func aChangeToWhatGoesIntoTheProgramCompilesAfresh(_ change: Change) async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let project: URL = try ModelTestsCache.generate("Sitter")
        var environment: [String: String] = [:]
        switch change {
        case .source:
            let model: URL = project.appendingPathComponent("Sitter/Model/AppFacts.swift")
            let text: String = try String(contentsOf: model, encoding: .utf8)
            try (text + "\n// A comment changes no behaviour, but it is a different source.\n").write(to: model, atomically: true, encoding: .utf8)
        case .flag:
            try ModelTestsCache.addFlag("-DMODEL_TESTS_CACHE_PROBE", in: project)
        case .compilerVersion:
            environment["PATH"] = try ModelTestsCache.standInCompiler().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        }
        let changed: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: environment)
        #expect(changed.status == 0, "\(changed.output.suffix(2000))")
        #expect(ModelTestsCache.compiled(changed), "\(changed.output.prefix(600))")
        #expect(CameraStudioTemplate.finalCounts(changed.output)?.failed == 0)
        #expect(try ModelTestsCache.entries(cache).count == 2, "the new program is kept beside the old one")

        let unchanged: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: environment)
        #expect(ModelTestsCache.reused(unchanged), "the changed project's own program is reused: \(unchanged.output.prefix(600))")
    }

    @Test func aDamagedCachedProgramIsCompiledAgainNotRun() async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let entry: URL = try #require(try ModelTestsCache.entries(cache).first)
        // Same size, one byte different: only the checksum can tell.
        var bytes: Data = try Data(contentsOf: entry)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: entry)
        let project: URL = try ModelTestsCache.generate("Sitter")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("does not match its checksum"), "\(run.output.prefix(600))")
        #expect(ModelTestsCache.compiled(run))
        #expect(CameraStudioTemplate.finalCounts(run.output)?.failed == 0)

        let again: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(ModelTestsCache.reused(again), "the rebuilt program replaced the damaged one: \(again.output.prefix(600))")
    }

    /// A warm cache never hides a change to the model: a behaviour change fails its check, and
    /// code that does not compile is reported as such.
    @Test(arguments: [false, true])
    func aBrokenModelFileStillFailsWithAWarmCache(doesNotCompile: Bool) async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let project: URL = try ModelTestsCache.generate("Sitter")
        let model: URL = project.appendingPathComponent("Sitter/Model/TimerSetting.swift")
        let text: String = try String(contentsOf: model, encoding: .utf8)
        let broken: String = doesNotCompile
            ? text.replacingOccurrences(of: "case \"3\": self = .threeSeconds", with: "case \"3\": self = .threeSeconds; let seconds: Int = \"three\"")
            : text.replacingOccurrences(of: "\"\\(rawValue) s\"", with: "\"\\(rawValue) sec\"")
        try #require(broken != text, "TimerSetting reads \"3\" and labels a setting \"3 s\"")
        try broken.write(to: model, atomically: true, encoding: .utf8)
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(run.status == 1, "\(run.output.suffix(2000))")
        #expect(ModelTestsCache.compiled(run))
        if doesNotCompile {
            #expect(run.output.contains("the model does not compile"))
            #expect(try ModelTestsCache.entries(cache).count == 1, "nothing is kept for code that does not compile")
        } else {
            #expect(run.output.contains("FAIL  Self-timer and clocks: timer labels"), "\(run.output.suffix(2000))")
            #expect((CameraStudioTemplate.finalCounts(run.output)?.failed ?? 0) >= 1)
        }
    }

    @Test func twoRunsAtOnceBothPassAndLeaveOneProgram() async throws {
        let cache: URL = try TestScratch.makeFolder("model-cache-concurrent")
        let first: URL = try ModelTestsCache.generate("Sitter")
        let second: URL = try ModelTestsCache.generate("Sitter2")
        // Each run gets its own TMPDIR, to show the compiler leaves nothing in it.
        let temporaries: [URL] = [try TestScratch.makeFolder("tmp-first"), try TestScratch.makeFolder("tmp-second")]
        async let one: CameraStudioTemplate.Run = ModelTestsCache.runDetached(first, cache: cache, environment: ["TMPDIR": temporaries[0].path])
        async let two: CameraStudioTemplate.Run = ModelTestsCache.runDetached(second, cache: cache, environment: ["TMPDIR": temporaries[1].path])
        let runs: [CameraStudioTemplate.Run] = try await [one, two]
        for run in runs {
            #expect(run.status == 0, "\(run.output.suffix(2000))")
            #expect(CameraStudioTemplate.finalCounts(run.output)?.failed == 0)
        }
        let store: URL = ModelTestsCache.store(cache)
        let names: [String] = try FileManager.default.contentsOfDirectory(atPath: store.path).sorted()
        #expect(names.count == 3 && names.filter { $0.hasSuffix(".program") }.count == 1 && names.filter { $0.hasSuffix(".sha256") }.count == 1 && names.contains("parts"), "\(names)")
        let parts: [String] = try FileManager.default.contentsOfDirectory(atPath: ModelTestsCache.parts(cache).path).sorted()
        #expect(parts.count == 3 && ["o", "sha256", "swiftmodule"].allSatisfy { suffix in parts.filter { $0.hasSuffix(".\(suffix)") }.count == 1 }, "one app half: \(parts)")
        for folder in temporaries {
            let left: [String] = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.isEmpty, "left in TMPDIR: \(left)")
        }
    }

    /// A change to the checks alone compiles only the checks, against the app's half kept
    /// from before; a change to the app compiles both halves.
    @Test func aChangedCheckCompilesOnlyTheChecks() async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let project: URL = try ModelTestsCache.generate("Sitter")
        try ModelTestsCache.append("\n// A comment changes no behaviour, but it is a different check source.\n", to: "Tools/ModelTests/TimeChecks.swift", in: project)
        let checks: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(checks.status == 0, "\(checks.output.suffix(2000))")
        #expect(ModelTestsCache.compiledChecksOnly(checks), "\(checks.output.prefix(600))")
        #expect(CameraStudioTemplate.finalCounts(checks.output)?.failed == 0)
        #expect(try ModelTestsCache.entries(cache).count == 2)

        try ModelTestsCache.append("\n// And one in the app.\n", to: "Sitter/Model/AppFacts.swift", in: project)
        let both: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(both.status == 0, "\(both.output.suffix(2000))")
        #expect(ModelTestsCache.compiled(both) && !ModelTestsCache.compiledChecksOnly(both), "\(both.output.prefix(600))")
    }

    @Test func aDamagedAppHalfIsCompiledAgainNotLinked() async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let names: [String] = try FileManager.default.contentsOfDirectory(atPath: ModelTestsCache.parts(cache).path)
        let object: URL = ModelTestsCache.parts(cache).appendingPathComponent(try #require(names.first { $0.hasSuffix(".o") }, "\(names)"))
        var bytes: Data = try Data(contentsOf: object)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: object)
        let project: URL = try ModelTestsCache.generate("Sitter")
        try ModelTestsCache.append("\n// A different check source.\n", to: "Tools/ModelTests/TimeChecks.swift", in: project)
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("the app's compiled code in") && run.output.contains("does not match its checksum"), "\(run.output.prefix(600))")
        #expect(ModelTestsCache.compiled(run) && !ModelTestsCache.compiledChecksOnly(run), "\(run.output.prefix(600))")
        #expect(CameraStudioTemplate.finalCounts(run.output)?.failed == 0)
    }

    @Test(arguments: [["--no-cache"], ["MODEL_TESTS_CACHE=off"]])
    func theCacheCanBeTurnedOff(_ how: [String]) async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let before: [URL] = try ModelTestsCache.entries(cache)
        let stamp: Date? = try before.first?.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        let project: URL = try ModelTestsCache.generate("Sitter")
        let byOption: Bool = how[0].hasPrefix("--")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(
            project, cache: cache, arguments: byOption ? how : [], environment: byOption ? [:] : ["MODEL_TESTS_CACHE": "off"]
        )
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        #expect(run.output.contains("cache off: \(how[0])"), "\(run.output.prefix(600))")
        #expect(ModelTestsCache.compiled(run), "a warm cache is not read")
        #expect(try ModelTestsCache.entries(cache) == before)
        #expect(try before.first?.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate == stamp, "nor touched")
    }

    @Test func theOldestProgramsAreEvictedBeyondTheLimit() async throws {
        let cache: URL = try await ModelTestsCache.copyOfWarmCache()
        let old: [URL] = try ModelTestsCache.entries(cache)
        let project: URL = try ModelTestsCache.generate("Sitter")
        try ModelTestsCache.addFlag("-DMODEL_TESTS_CACHE_PROBE", in: project)
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache, environment: ["MODEL_TESTS_CACHE_ENTRIES": "1"])
        #expect(run.status == 0, "\(run.output.suffix(2000))")
        let left: [URL] = try ModelTestsCache.entries(cache)
        #expect(left.count == 1 && !old.contains(left[0]), "only the new program stays: \(left)")
        let sums: [String] = try FileManager.default.contentsOfDirectory(atPath: ModelTestsCache.store(cache).path).filter { $0.hasSuffix(".sha256") }
        #expect(sums.count == 1, "the evicted program's checksum went with it: \(sums)")
    }
}

// MARK: - Projects and caches

/// Generated camera-studio projects and compile caches for the cache tests, all in the tests'
/// scratch folder.
enum ModelTestsCache {
    /// A cache holding the program of an unchanged camera studio, compiled once for the suite.
    static let warm: Task<URL, any Error> = Task.detached {
        let cache: URL = try TestScratch.makeFolder("model-cache-warm")
        let project: URL = try generate("Warm")
        let run: CameraStudioTemplate.Run = try ModelTestsCache.run(project, cache: cache)
        guard run.status == 0, compiled(run), try entries(cache).count == 1 else {
            throw WarmCacheFailure(output: run.output)
        }
        return cache
    }

    struct WarmCacheFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "the warm cache could not be made:\n\(output.suffix(2000))" }
    }

    /// A private copy of the warm cache's programs, so a test can change them. (Only ours: the
    /// compiler keeps its own module cache in `XDG_CACHE_HOME` too, which refuses to be moved.)
    static func copyOfWarmCache() async throws -> URL {
        let warmCache: URL = try await warm.value
        let copy: URL = try TestScratch.makeFolder("model-cache")
        try FileManager.default.createDirectory(at: store(copy).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: store(warmCache), to: store(copy))
        return copy
    }

    /// A fresh camera studio named `appName`, generated without running its checks.
    static func generate(_ appName: String) throws -> URL {
        let work: URL = try TestScratch.makeFolder("model-cache-project")
        let run: CameraStudioTemplate.Run = try CameraStudioTemplate.duoNew(
            ["recipe-camera-studio", appName, "com.example.\(appName.lowercased())", "./\(appName)", "--no-test"], in: work
        )
        try #require(run.status == 0, "\(run.output)")
        return work.appendingPathComponent(appName)
    }

    static func run(
        _ project: URL, cache: URL, arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> CameraStudioTemplate.Run {
        let child: ChildProcess = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["Tools/run-model-tests.sh"] + arguments, in: project,
            environment: environment.merging(["XDG_CACHE_HOME": cache.path]) { $1 }, mergingErrors: true
        )
        return CameraStudioTemplate.Run(status: child.status, output: child.outputText, samples: project)
    }

    /// `run` on a thread of its own, so two really go at once whatever else the tests are doing.
    static func runDetached(_ project: URL, cache: URL, environment: [String: String]) async throws -> CameraStudioTemplate.Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(project, cache: cache, environment: environment) })
            }
        }
    }

    static func store(_ cache: URL) -> URL {
        cache.appendingPathComponent("duo-new/model-tests", isDirectory: true)
    }

    /// The cached programs, sorted by name.
    static func entries(_ cache: URL) throws -> [URL] {
        let names: [String] = (try? FileManager.default.contentsOfDirectory(atPath: store(cache).path)) ?? []
        return names.filter { $0.hasSuffix(".program") }.sorted().map { store(cache).appendingPathComponent($0) }
    }

    /// Where the app's compiled halves are kept.
    static func parts(_ cache: URL) -> URL {
        store(cache).appendingPathComponent("parts", isDirectory: true)
    }

    /// Adds `text` at the end of the project's file at `path`.
    static func append(_ text: String, to path: String, in project: URL) throws {
        let file: URL = project.appendingPathComponent(path)
        let before: String = try String(contentsOf: file, encoding: .utf8)
        try (before + text).write(to: file, atomically: true, encoding: .utf8)
    }

    /// Compiled the checks against the app's half kept in the cache.
    static func compiledChecksOnly(_ run: CameraStudioTemplate.Run) -> Bool {
        run.output.contains("run-model-tests: compiling ") && run.output.contains(" files from Tools/ModelTests/ against ")
    }

    static func compiled(_ run: CameraStudioTemplate.Run) -> Bool {
        run.output.contains("run-model-tests: compiling ") && !run.output.contains("run-model-tests: reusing ")
    }

    static func reused(_ run: CameraStudioTemplate.Run) -> Bool {
        run.output.contains("run-model-tests: reusing ") && !run.output.contains("run-model-tests: compiling ")
    }

    /// Adds a compiler flag to the project's script, the way someone changing its flags would.
    static func addFlag(_ flag: String, in project: URL) throws {
        let script: URL = project.appendingPathComponent("Tools/run-model-tests.sh")
        let text: String = try String(contentsOf: script, encoding: .utf8)
        let changed: String = text.replacingOccurrences(of: "-module-name ModelTests", with: "-module-name ModelTests \(flag)")
        try #require(changed != text, "the script passes -module-name ModelTests")
        try changed.write(to: script, atomically: true, encoding: .utf8)
    }

    /// A folder holding a stand-in `swiftc` that reports a different version and otherwise
    /// hands everything to the real compiler.
    static func standInCompiler() throws -> URL {
        let real: String = try #require(CameraStudioTemplate.tool("swiftc"), "swiftc is on PATH")
        let bin: URL = try TestScratch.makeFolder("stand-in-swiftc")
        let wrapper: URL = bin.appendingPathComponent("swiftc")
        let script: String = """
            #!/bin/sh
            if [ "$1" = --version ]; then
                '\(real)' --version | sed '1s/$/ (stand-in build 2)/'
                exit 0
            fi
            exec '\(real)' "$@"

            """
        try script.write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        return bin
    }
}
