#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

/// Makes duo-new the reaper of every process its checks start, so none outlives its check.
///
/// A check runs in a process group of its own, and the group is stopped when the check ends;
/// but a process that calls `setsid` (or `setpgid`) leaves the group, and once its parent has
/// ended it would be handed to init and run on. On Linux, `PR_SET_CHILD_SUBREAPER` hands such
/// orphans to duo-new instead, so that when a check ends (or is stopped by a signal) every
/// child duo-new still has is one its checks left, and is stopped too. Elsewhere this does
/// nothing: the group is all that is stopped.
public enum Subreaper {
    /// Set once, at the start of the `duo-new` process, before any thread is started; read by
    /// `CheckRunner`. Only the binary sets it: a test process is no subreaper, since the
    /// children it would reap are other tests'.
    nonisolated(unsafe) private static var active = false

    /// Makes this process a child subreaper (Linux); true when it is one.
    @discardableResult
    public static func become() -> Bool {
        #if os(Linux)
        typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        // `prctl` is variadic in C, so Swift does not import it; looked up instead.
        guard let symbol = dlsym(nil, "prctl") else { return false }
        let prctl = unsafeBitCast(symbol, to: ProcessControl.self)
        let setChildSubreaper: Int32 = 36   // PR_SET_CHILD_SUBREAPER
        active = prctl(setChildSubreaper, 1, 0, 0, 0) == 0
        #endif
        return active
    }

    public static var isActive: Bool { active }

    /// Stops every child this process still has (each one a check left behind, since checks
    /// are the only children alive while they run), and those they leave in turn: SIGTERM to
    /// each (its group, when it leads one), SIGKILL after `grace` seconds, each reaped.
    static func stopLeftovers(grace: Double) {
        guard active else { return }
        // Each round stops the children there are; their own children then come to this
        // process, and the next round stops those. A few rounds cover any depth in practice.
        for _ in 0..<8 {
            let children = Self.children()
            if children.isEmpty { return }
            for pid in children { signal(pid, SIGTERM) }
            let until = Date().addingTimeInterval(grace)
            var left = children.filter { !reaped($0) }
            while !left.isEmpty, Date() < until {
                usleep(20_000)
                left = left.filter { !reaped($0) }
            }
            for pid in left {
                signal(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
        }
    }

    /// Reaps the children that have ended, but `shell` (whose status its runner reads): an
    /// orphan handed here stays a zombie until reaped, and a zombie still counts as a member of
    /// its group, which would look alive (a shell stopped by SIGTERM before its `sleep` was).
    static func reapEnded(except shell: pid_t) {
        guard active else { return }
        for pid in children() where pid != shell { _ = reaped(pid) }
    }

    private static func signal(_ pid: pid_t, _ number: Int32) {
        if getpgid(pid) == pid { kill(-pid, number) }
        kill(pid, number)
    }

    private static func reaped(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result < 0 && errno == ECHILD)
    }

    /// This process's children, from `/proc` (zombies included, so they are reaped).
    static func children() -> [pid_t] {
        let me = getpid()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the command's name in parentheses: the state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[1]) == me else { return nil }
            return pid
        }
    }
}
