#if canImport(Glibc)
import Glibc
#endif
@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// Signals caught while writing and checking. The signal is sent to this test process, but only
/// while it is caught (ignored by the process, heard by a signal source), so it cannot end it.
@Suite("Interruption", .serialized)
struct InterruptionTests {
    /// Generation catches from the first write to the last check, and writing catches again
    /// inside: once the inner call ended, the outer one used to hear nothing more.
    @Test func anOuterCatchStillHearsSignalsAfterAnInnerOneEnded() throws {
        let interruption = Interruption()
        try #require(!interruption.inheritedIgnored.contains(SIGTERM), "this test process ignores SIGTERM")
        let heard = interruption.catching { () -> Int32? in
            _ = interruption.catching { usleep(20_000) }
            kill(getpid(), SIGTERM)
            let deadline = Date().addingTimeInterval(30)   // generous: a loaded machine can take seconds to run the signal source
            while interruption.received == nil, Date() < deadline { usleep(10_000) }
            return interruption.received
        }
        #expect(heard == SIGTERM)
    }

    /// An update catches while it applies, then its tasks catch again: each catch after the
    /// first hears too (with Dispatch signal sources, none after the first did, on Linux).
    @Test func eachOfCatchesInTurnHearsItsSignal() throws {
        for turn in 1...3 {
            let interruption = Interruption()
            try #require(!interruption.inheritedIgnored.contains(SIGTERM), "this test process ignores SIGTERM")
            let heard = interruption.catching { () -> Int32? in
                kill(getpid(), SIGTERM)
                let deadline = Date().addingTimeInterval(30)
                while interruption.received == nil, Date() < deadline { usleep(10_000) }
                return interruption.received
            }
            #expect(heard == SIGTERM, "catch \(turn)")
            #expect(interruption.received == SIGTERM, "kept after the catch ended")
        }
    }

    /// Planning an update hashes every recorded file, a huge one too (a 100 GB sparse file made
    /// update deaf to Ctrl-C for two minutes until 2026-12-07): the hashing stops at the next
    /// chunk once a signal is caught, rather than reading on to the end.
    @Test func hashingAProjectsFilesStopsAtASignal() throws {
        let project = try TestScratch.makeFolder("huge-file")
        let huge = project.appendingPathComponent("huge.bin")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 1 << 40) == 0, "a sparse file of a terabyte")
        defer { try? FileManager.default.removeItem(at: huge) }
        let interruption = Interruption()
        try #require(!interruption.inheritedIgnored.contains(SIGTERM), "this test process ignores SIGTERM")
        let outcome = interruption.catching { () -> Result<[String: UpdatePlanner.Current], UpdateApplier.ApplyError> in
            kill(getpid(), SIGTERM)
            let deadline = Date().addingTimeInterval(30)
            while interruption.received == nil, Date() < deadline { usleep(10_000) }
            return Result { () throws(UpdateApplier.ApplyError) in try ProjectScan.current(project: project.path, paths: ["huge.bin"], interruption: interruption) }
        }
        guard case .failure(.interrupted(let signal)) = outcome else { Issue.record("hashed on through the signal: \(outcome)"); return }
        #expect(signal == SIGTERM)
    }
}

