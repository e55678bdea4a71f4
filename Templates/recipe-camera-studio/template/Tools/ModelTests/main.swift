import Foundation

// The model tests: plain checks on the portable part of the app, compiled with the app's
// settings (Swift 6, main-actor default isolation) by Tools/run-model-tests.sh, which passes
// the arguments ModelTestRun reads.
//
// To add a check, write `c.check("what it shows", condition, "what was seen")` in the group's
// file (LayoutChecks.swift, GalleryChecks.swift, ...). A new model type goes in Model/, declared
// `nonisolated` and `Sendable` (a check enforces both), with a line in OffActorChecks.swift.

let run: ModelTestRun = ModelTestRun.fromCommandLine()
let checker: Checker = run.checker

layoutChecks(checker)
pictureChecks(checker)
await timerChecks(checker)
accessChecks(checker)
cameraChecks(checker)
galleryChecks(checker)
standInChecks(checker)
jpegChecks(checker)
shortcutChecks(checker)
// Two lanes at once: most of their time is the stand-in camera encoding frames on its actor.
await checker.concurrently(
    { c in
        await movieChecks(c)
        await serviceChecks(c)
    },
    { c in
        await storeChecks(c)
        await recoveryChecks(c)
    }
)
launchChecks(checker)
privacyChecks(checker, project: run.project, appFolder: run.appFolder)
// A clock conforms to StudioClock, a Sendable protocol.
modelSourceChecks(checker, appFolder: run.appFolder) { $0.contains(": StudioClock") }
checker.begin("Off the main actor")
checker.record(await offActorChecks(folder: TestFolder.make("OffActor")))
TestFolder.removeAll()
if let samples = ProcessInfo.processInfo.environment["MODEL_TESTS_SAMPLES"], !samples.isEmpty {
    let written: Bool = await writeSamples(to: URL(fileURLWithPath: samples, isDirectory: true))
    print(written ? "Stand-in samples written to \(samples)" : "Could not write the stand-in samples to \(samples)")
}
run.finish(pictures: pictureFiles)
