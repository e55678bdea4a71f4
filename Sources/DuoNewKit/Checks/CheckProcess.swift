#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

#if canImport(Darwin)
/// Darwin's file actions are a `void *` (spawn.h), held as an optional pointer.
private typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
private typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

/// One check's `/bin/sh -c`, started in a process group of its own so that it and everything it
/// starts can be signalled together, with its output on a pipe this process reads.
///
/// The group is what makes the check stoppable: a terminal sends Ctrl-C only to its foreground
/// group (duo-new's), so duo-new forwards it; a timeout or a stop ends the whole group, not just
/// the shell, so no compiler goes on writing into the project after duo-new has returned.
final class CheckProcess {
    let pid: pid_t
    /// The read end of the output pipe (standard output and standard error both).
    let output: Int32
    private(set) var status: Int32?

    /// Starts `command` in `folder` with standard input from `/dev/null`. `defaultSignals` are
    /// given their default action in the child; any other signal keeps the disposition
    /// duo-new had when it started (an ignored SIGHUP under `nohup` stays ignored).
    /// `environment` is the check's whole environment: duo-new's own, with what the command adds
    /// (`MODEL_TESTS_PICTURES`), never set for the whole duo-new process.
    init(command: String, folder: String, defaultSignals: [Int32], environment: [String: String]) throws(CheckError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw CheckError(reason: "no pipe for its output: \(POSIX.lastError)") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(writeEnd) }

        #if canImport(Darwin)
        // Checked against spawn.h, iPhoneOS 27.0 SDK (the same libc header as the macOS SDK's):
        // `typedef void *posix_spawn_file_actions_t` and `typedef void *posix_spawnattr_t`, which
        // Swift imports as optional raw pointers for `_init` to fill, with no empty initialiser
        // (glibc's are structs).
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        let changedFolder = Self.addChangeFolder(&actions, folder)

        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        // setsigdefault, setsigmask, setpgroup and setflags (a `short`) as spawn.h declares them,
        // POSIX_SPAWN_SETPGROUP, SETSIGDEF and SETSIGMASK from sys/spawn.h (iPhoneOS 27.0 SDK).
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        var empty = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&empty)
        for number in defaultSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // Without a way to change folder in the spawn itself, the shell does it first.
        let arguments = changedFolder
            ? ["/bin/sh", "-c", command]
            : ["/bin/sh", "-c", "cd \"$0\" || exit 126; eval \"$1\"", folder, command]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in cEnvironment { free(entry) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, "/bin/sh", &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else {
            close(readEnd)
            throw CheckError(reason: "'/bin/sh' could not start: \(String(cString: strerror(result)))")
        }
        pid = child
        output = readEnd
    }

    deinit {
        close(output)
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), looked up because
    /// Swift's Glibc module does not declare it; false when it is missing. On macOS, spawn.h
    /// (iPhoneOS 27.0 SDK) declares it `(posix_spawn_file_actions_t *, const char *)`, deprecated
    /// from macOS 26.0 for `posix_spawn_file_actions_addchdir` but still there; the look-up keeps
    /// one path for both systems and no deprecation warning.
    private static func addChangeFolder(_ actions: inout SpawnFileActions, _ folder: String) -> Bool {
        typealias AddChangeFolder = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, UnsafePointer<CChar>) -> Int32
        #if canImport(Darwin)
        // dlfcn.h, iPhoneOS 27.0 SDK: `#define RTLD_DEFAULT ((void *) -2)`, a cast Swift does not import.
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)   // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil
        #endif
        guard let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir_np") else { return false }
        let add = unsafeBitCast(symbol, to: AddChangeFolder.self)
        return add(&actions, folder) == 0
    }

    /// Reaps the shell if it has ended; true once it has.
    func poll() -> Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == pid { status = raw }
        return status != nil
    }

    /// Waits for the shell to end.
    func wait() {
        while status == nil {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, 0)
            if result == pid { status = raw } else if errno != EINTR { status = 0x7F00; break }
        }
    }

    /// Sends `signal` to the check's whole process group; false when no process is left in it.
    @discardableResult
    func signalGroup(_ signal: Int32) -> Bool {
        kill(-pid, signal) == 0
    }

    /// Whether any process of the group is still alive (the shell itself once reaped, or what it started).
    var groupIsAlive: Bool { kill(-pid, 0) == 0 || errno == EPERM }

    /// The exit status, or 128 + the signal that ended the shell, as a shell reports it.
    var exitCode: Int32? {
        guard let status else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    var exitedNormally: Bool { status.map { $0 & 0x7F == 0 } ?? false }
}

/// Why a check could not be started.
struct CheckError: Error {
    var reason: String
}
