import Foundation

// The model tests: plain checks on the portable part of the app, compiled with the app's
// settings (Swift 6, main-actor default isolation) by Tools/run-model-tests.sh.
// Arguments: the project's folder, the app's folder inside it, then optionally --verbose and
// --pictures DIR.
//
// To add a check, write `c.check("what it shows", condition, "what was seen")` in the group's
// file (LayoutChecks.swift, GalleryChecks.swift, ...). A new model type goes in Model/, declared
// `nonisolated` and `Sendable` (a check enforces both), with a line in OffActorChecks.swift.

let arguments: [String] = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: model-tests <project folder> <app folder> [--verbose]")
    exit(64)
}
let project: URL = URL(fileURLWithPath: arguments[1], isDirectory: true)
let appFolder: URL = URL(fileURLWithPath: arguments[2], isDirectory: true)
let options: [String] = Array(arguments.dropFirst(3))
let checker: Checker = Checker(verbose: options.contains("--verbose"))

layoutChecks(checker)
pictureChecks(checker)
await timerChecks(checker)
accessChecks(checker)
cameraChecks(checker)
galleryChecks(checker)
standInChecks(checker)
jpegChecks(checker)
await movieChecks(checker)
await serviceChecks(checker)
await storeChecks(checker)
await recoveryChecks(checker)
launchChecks(checker)
privacyChecks(checker, project: project, appFolder: appFolder)
// A clock conforms to StudioClock, a Sendable protocol.
modelSourceChecks(checker, appFolder: appFolder) { $0.contains(": StudioClock") }
checker.begin("Off the main actor")
checker.record(await offActorChecks(folder: TestFolder.make("OffActor")))
TestFolder.removeAll()
if let samples = ProcessInfo.processInfo.environment["MODEL_TESTS_SAMPLES"], !samples.isEmpty {
    let written: Bool = await writeSamples(to: URL(fileURLWithPath: samples, isDirectory: true))
    print(written ? "Stand-in samples written to \(samples)" : "Could not write the stand-in samples to \(samples)")
}
// `--pictures DIR` (or MODEL_TESTS_PICTURES=DIR) also writes the layout of every pose as SVG.
writePicturesIfAsked(pictureFiles, options: options)
exit(checker.finish() ? 0 : 1)
