import Foundation

// The model tests: plain checks on the portable part of the app, compiled with the app's
// settings (Swift 6, main-actor default isolation) by Tools/run-model-tests.sh.
// Arguments: the project's folder and the app's folder inside it.

let arguments: [String] = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: model-tests <project folder> <app folder>")
    exit(64)
}
let project: URL = URL(fileURLWithPath: arguments[1], isDirectory: true)
let appFolder: URL = URL(fileURLWithPath: arguments[2], isDirectory: true)
let checker: Checker = Checker()

layoutChecks(checker)
await timerChecks(checker)
accessChecks(checker)
cameraChecks(checker)
galleryChecks(checker)
standInChecks(checker)
jpegChecks(checker)
await movieChecks(checker)
await serviceChecks(checker)
await storeChecks(checker)
launchChecks(checker)
privacyChecks(checker, project: project, appFolder: appFolder)
sourceChecks(checker, appFolder: appFolder)
checker.begin("Off the main actor")
checker.record(await offActorChecks(folder: TestFolder.make("OffActor")))
TestFolder.removeAll()
if let samples = ProcessInfo.processInfo.environment["MODEL_TESTS_SAMPLES"], !samples.isEmpty {
    let written: Bool = await writeSamples(to: URL(fileURLWithPath: samples, isDirectory: true))
    print(written ? "\nStand-in samples written to \(samples)" : "\nCould not write the stand-in samples to \(samples)")
}

print("")
if !checker.failures.isEmpty {
    print("Failed checks:")
    for failure in checker.failures {
        print("  - \(failure)")
    }
}
print("\(checker.passed) passed, \(checker.failures.count) failed")
exit(checker.failures.isEmpty ? 0 : 1)
