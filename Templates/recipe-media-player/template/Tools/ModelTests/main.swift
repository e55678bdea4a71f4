import Foundation

// The model tests: plain checks on the player's portable code (Model/), compiled with the
// app's settings (Swift 6, main-actor default isolation) by Tools/run-model-tests.sh, which
// passes the arguments ModelTestRun reads.
//
// To add a check, write `c.check("what it shows", condition, "what was seen")` in the group's
// file (SessionChecks.swift, RegionChecks.swift, ...). A new model type goes in Model/,
// declared `nonisolated` and `Sendable` (a check enforces both), with a line in
// OffActorChecks.swift.

let run: ModelTestRun = ModelTestRun.fromCommandLine()
let checker: Checker = run.checker
let mediaFolder: URL = run.appFolder.appendingPathComponent("Media", isDirectory: true)

let catalog: Catalog? = catalogChecks(checker, media: mediaFolder)
clipChecks(checker, media: mediaFolder, catalog: catalog)
catalogRuleChecks(checker)
foldChecks(checker)
regionChecks(checker)
foldControlChecks(checker)
pictureChecks(checker)
timeTextChecks(checker)
upNextChecks(checker)
resumeChecks(checker)
sessionChecks(checker)
failureChecks(checker)
pictureInPictureOrderChecks(checker)
mainActorEngineChecks(checker)
realCatalogueSessionChecks(checker, media: mediaFolder, catalog: catalog)
launchChecks(checker)
privacyChecks(checker, appFolder: run.appFolder)
// PlaybackEngine wraps a player that lives on one actor, so it is not Sendable on purpose;
// PlayerDefaults conforms to ResumeStore, a Sendable protocol.
modelSourceChecks(checker, appFolder: run.appFolder) { line in
    line.hasPrefix("nonisolated protocol PlaybackEngine: AnyObject") || line.contains(": ResumeStore")
}
checker.begin("Off the main actor")
checker.record(await offActorChecks(media: mediaFolder))
run.finish(pictures: pictureFiles)
