#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Runs a template's after-generation checks in the new project.
public enum CheckRunner {
    /// Exit statuses with which a shell says a command could not be found or started.
    static let cannotStartStatuses: Set<Int32> = [126, 127]
    /// How long a check's processes get to end after SIGTERM (a timeout) or a forwarded
    /// signal, before SIGKILL.
    public static let stopGrace: Double = 3
    /// How long output is still read after the check's shell has ended: what it wrote just
    /// before is shown, and a background process it left holding the output open cannot keep
    /// duo-new waiting.
    public static let drainTime: Double = 0.5
    /// How often the loop wakes to look at the clock, the shell and signals when there is no output.
    static let tick: Int32 = 50

    /// Runs `/bin/sh -c check.run` in `folder`, standard input closed, standard error merged into
    /// standard output, and hands each output line to `onLine` as it arrives.
    ///
    /// A check that exits 126 or 127 could not start: it is `.notRun`, with its last line as the
    /// reason (the camera studio's script prints what to install and exits 127 when `swiftc` is
    /// missing). A check still running after `timeout` seconds is stopped and `.timedOut`. A
    /// SIGINT, SIGTERM or SIGHUP that `interruption` catches meanwhile is passed on to the check
    /// and it is `.interrupted`. Whatever the end, no process of the check's group outlives it,
    /// nor (on Linux, in the `duo-new` binary: `Subreaper`) one that left the group.
    /// `mask` hides the secrets in each line before anything sees it, the reason included.
    public static func run(
        _ check: Check,
        in folder: URL,
        timeout: Double? = nil,
        interruption: Interruption? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        mask: SecretMask = SecretMask(),
        onLine: @escaping @Sendable (String) -> Void
    ) -> CheckResult {
        let started = Date()
        let limit = timeout ?? check.timeout.map(Double.init) ?? Check.defaultTimeout
        let process: CheckProcess
        do {
            process = try CheckProcess(command: check.run, folder: folder.path, defaultSignals: interruption?.signalsForChildren ?? Interruption.signals + Interruption.ignored, environment: environment)
        } catch {
            return CheckResult(name: check.name, status: .notRun(reason: error.reason), seconds: Date().timeIntervalSince(started))
        }

        var lines = LineSplitter()
        var lastLine = ""
        var counts: (passed: Int, failed: Int)?
        var swiftTesting = SwiftTestingCounts()
        let take: (String) -> Void = { printed in
            let line = mask.apply(printed)
            onLine(line)
            if line.utf8.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) { lastLine = line }
            // A count line is short; a long one (a progress bar's pieces) is not worth splitting.
            if line.utf8.count <= TestCountLine.maximumLength, let parsed = TestCountLine.parse(line) { counts = parsed }
            if line.utf8.count <= TestCountLine.maximumLength, let parsed = swiftTesting.read(line) { counts = parsed }
        }

        let deadline = started.addingTimeInterval(limit)
        var stopping: (reason: Stop, since: Date)?
        var exitedAt: Date?
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        var endOfOutput = false
        while true {
            if endOfOutput {
                usleep(10_000)
            } else if POSIX.waitReadable(process.output, milliseconds: tick) {
                let count = POSIX.readChunk(process.output, buffer.baseAddress!, buffer.count)
                if count > 0 {
                    lines.append(UnsafeRawBufferPointer(rebasing: buffer[..<count])).forEach(take)
                } else {
                    endOfOutput = true   // every writer has closed the pipe; the shell may still run
                }
            }
            let now = Date()
            if exitedAt == nil, process.poll() { exitedAt = now }
            if let exitedAt, endOfOutput || now.timeIntervalSince(exitedAt) >= drainTime { break }
            if stopping == nil {
                if let signal = interruption?.received {
                    process.signalGroup(signal)
                    stopping = (.interrupted(signal), now)
                } else if now >= deadline {
                    process.signalGroup(SIGTERM)
                    stopping = (.timedOut, now)
                }
            } else if let since = stopping?.since, now.timeIntervalSince(since) >= stopGrace {
                process.signalGroup(SIGKILL)
            }
        }
        lines.finish().forEach(take)
        endGroup(of: process)
        let status = outcome(of: process, stopped: stopping?.reason, limit: limit, command: check.run, lastLine: lastLine)
        return CheckResult(
            name: check.name, status: status, seconds: Date().timeIntervalSince(started), passedCount: counts?.passed, failedCount: counts?.failed
        )
    }

    /// The shell has ended or is ending: nothing it started may go on in the project, in its
    /// group or out of it (`setsid`, handed to duo-new as an orphan).
    private static func endGroup(of process: CheckProcess) {
        if process.groupIsAlive {
            process.signalGroup(SIGTERM)
            let until = Date().addingTimeInterval(stopGrace)
            while process.groupIsAlive, Date() < until {
                _ = process.poll()
                Subreaper.reapEnded(except: process.pid)
                if !process.groupIsAlive { break }
                usleep(20_000)
            }
            process.signalGroup(SIGKILL)
        }
        process.wait()
        Subreaper.stopLeftovers(grace: stopGrace)
    }

    /// How the check ended, from why it was stopped (if it was) and how its shell exited.
    private static func outcome(of process: CheckProcess, stopped: Stop?, limit: Double, command: String, lastLine: String) -> CheckResult.Status {
        let code = process.exitCode ?? 1
        switch stopped {
        case .interrupted(let signal)?:
            return .interrupted(signal: signal)
        case .timedOut?:
            return .timedOut(seconds: limit)
        case nil:
            if process.exitedNormally && code == 0 { return .passed }
            if process.exitedNormally && cannotStartStatuses.contains(code) {
                return .notRun(reason: lastLine.isEmpty ? "'\(command)' could not be started" : lastLine)
            }
            return .failed(exitCode: code)
        }
    }

    private enum Stop {
        case interrupted(Int32)
        case timedOut
    }
}
