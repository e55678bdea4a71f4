import DuoNewCLI
import DuoNewKit
import Foundation

/// `duo-new` as the end-to-end tests build it: the same command line, with an update observer
/// that stops the apply after `DUO_NEW_UPDATE_STOP_AFTER` operations (a power cut) or pauses
/// `DUO_NEW_UPDATE_PAUSE_MS` after each (so a real signal lands in the middle). The `duo-new`
/// users run reads neither variable.
struct EnvironmentHooks: UpdateApplyObserver {
    var stopAfter: Int?
    var pauseMilliseconds: Int

    func applied(_ done: Int, of count: Int) throws(UpdateApplier.ApplyError) {
        if done > 0, pauseMilliseconds > 0 { usleep(useconds_t(pauseMilliseconds) * 1000) }
        if let stopAfter, done >= stopAfter { throw .stopped(after: done) }
    }
}

let environment = ProcessInfo.processInfo.environment
let hooks = EnvironmentHooks(
    stopAfter: environment["DUO_NEW_UPDATE_STOP_AFTER"].flatMap { Int($0) },
    pauseMilliseconds: environment["DUO_NEW_UPDATE_PAUSE_MS"].flatMap { Int($0) }.map { min(max($0, 0), 1000) } ?? 0
)
CommandLineTool.runAsProcess(updateObserver: hooks)
