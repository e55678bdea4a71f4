import Foundation

// The model tests: plain checks on the player's portable code (Model/), compiled with the
// app's settings (Swift 6, main-actor default isolation) by Tools/run-model-tests.sh.
// Arguments: the project's folder, the app's folder inside it, then optionally --verbose and
// --pictures DIR.
//
// To add a check, write `c.check("what it shows", condition, "what was seen")` in the group's
// file (SessionChecks.swift, RegionChecks.swift, ...). A new model type goes in Model/,
// declared `nonisolated` and `Sendable` (a check enforces both), with a line in
// OffActorChecks.swift.

let arguments: [String] = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: model-tests <project folder> <app folder> [--verbose]")
    exit(64)
}
let project: URL = URL(fileURLWithPath: arguments[1], isDirectory: true)
let appFolder: URL = URL(fileURLWithPath: arguments[2], isDirectory: true)
let mediaFolder: URL = appFolder.appendingPathComponent("Media", isDirectory: true)
let options: [String] = Array(arguments.dropFirst(3))
let checker: Checker = Checker(verbose: options.contains("--verbose"))

let catalog: Catalog? = catalogChecks(checker, media: mediaFolder)
clipChecks(checker, media: mediaFolder, catalog: catalog)
catalogRuleChecks(checker)
foldChecks(checker)
regionChecks(checker)
pictureChecks(checker)
timeTextChecks(checker)
upNextChecks(checker)
resumeChecks(checker)
sessionChecks(checker)
mainActorEngineChecks(checker)
realCatalogueSessionChecks(checker, media: mediaFolder, catalog: catalog)
launchChecks(checker)
privacyChecks(checker, appFolder: appFolder)
// PlaybackEngine wraps a player that lives on one actor, so it is not Sendable on purpose;
// PlayerDefaults conforms to ResumeStore, a Sendable protocol.
modelSourceChecks(checker, appFolder: appFolder) { line in
    line.hasPrefix("nonisolated protocol PlaybackEngine: AnyObject") || line.contains(": ResumeStore")
}
checker.begin("Off the main actor")
checker.record(await offActorChecks(media: mediaFolder))
// `--pictures DIR` (or MODEL_TESTS_PICTURES=DIR) also writes the layout of every pose as SVG.
writePicturesIfAsked(pictureFiles, options: options)
exit(checker.finish() ? 0 : 1)
