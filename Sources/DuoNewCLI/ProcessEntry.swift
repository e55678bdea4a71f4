#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import DuoNewKit
import Foundation

extension CommandLineTool {
    /// duo-new as a process: sets up the signals and the subreaper, reads the arguments' bytes,
    /// runs the command line and exits with its code. The executable's `main.swift` calls this
    /// alone; tests call `run(arguments:rawArguments:context:)` in-process instead, and their
    /// build of the binary passes an `updateObserver`.
    public static func runAsProcess(updateObserver: (any UpdateApplyObserver)? = nil) -> Never {
        // The context records the signal actions duo-new was started with (an ignored SIGHUP
        // under `nohup` stays ignored), so it is made before any is changed.
        var context = CommandContext.current
        context.updateObserver = updateObserver
        // A closed output (`duo-new … | head -1`) must not kill duo-new before it has written
        // the project: a write to it fails instead, and the console ignores that failure.
        signal(SIGPIPE, SIG_IGN)
        // Likewise a file-size limit (`ulimit -f`): a write past it fails with EFBIG, which
        // every command reports and cleans up after, instead of SIGXFSZ killing duo-new
        // half-way. The checks still get the action duo-new was started with
        // (`Interruption.signalsForChildren`).
        signal(SIGXFSZ, SIG_IGN)
        // Orphans a check leaves (a `setsid` child) come to duo-new, which stops them with the check.
        Subreaper.become()
        // The arguments' own bytes too: `CommandLine.arguments` has already replaced any that
        // are not UTF-8.
        let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
        }
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), rawArguments: rawArguments, context: context).rawValue)
    }
}
