import Foundation
import Testing
import TestSupport
@testable import DuoNewKit

/// The project lock's retry: a lock found held is tried again a fixed number of times before it
/// counts as busy. Each test holds the lock through a second open of the folder (a `flock` is
/// per open file, so one process can stand in for another) and passes the pause between tries,
/// so nothing here waits on a clock.
@Suite struct ProjectLockTests {
    private static func project() throws -> String {
        try TestScratch.makeFolder("project-lock").path
    }

    @Test func aLockLetGoDuringTheRetriesIsTaken() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: project) }
        var holder: ProjectLock? = try ProjectLock.take(project: project, exclusive: true)
        var pauses = 0
        let lock = try ProjectLock.take(project: project, exclusive: true, pause: {
            pauses += 1
            // The holder lets go on the third pause, as a forked child execs and drops its copy.
            if pauses == 3 { holder = nil }
        })
        #expect(pauses == 3)
        #expect(holder == nil)
        withExtendedLifetime(lock) {}
    }

    @Test func aLockHeldThroughEveryRetryIsBusy() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let holder = try ProjectLock.take(project: project, exclusive: true)
        var pauses = 0
        do {
            _ = try ProjectLock.take(project: project, exclusive: false, pause: { pauses += 1 })
            Issue.record("A held lock was taken.")
        } catch {
            guard case .busy = error else { Issue.record("Expected busy, got \(error)."); return }
        }
        #expect(pauses == ProjectLock.busyRetries)
        withExtendedLifetime(holder) {}
    }

    @Test func sharedLocksDoNotWaitForEachOther() throws {
        let project = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let reader = try ProjectLock.take(project: project, exclusive: false)
        var pauses = 0
        let second = try ProjectLock.take(project: project, exclusive: false, pause: { pauses += 1 })
        #expect(pauses == 0)
        withExtendedLifetime((reader, second)) {}
    }
}
