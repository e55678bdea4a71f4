/// A one-time command (`tasks:`), run with `/bin/sh -c` in the new project once it is written and
/// before the checks, with the values in its environment (`DUO_NEW_<TOKEN>`). Unlike a check it
/// is never run by `duo-new check`, and by `duo-new update` only when its `on` says so.
public struct SetupTask: Sendable, Hashable {
    /// When a task runs.
    public enum Moment: String, Sendable, Hashable, CaseIterable {
        /// Right after a project is generated.
        case generate
        /// After `duo-new update` has applied a new version.
        case update
    }

    public var name: String
    /// The command, for `/bin/sh -c`.
    public var run: String
    /// When it runs; `[.generate]` unless the manifest says otherwise.
    public var on: [Moment]
    /// Seconds it may run before it is stopped and failed; nil for `Check.defaultTimeout`.
    public var timeout: Int?

    public init(name: String, run: String, on: [Moment] = [.generate], timeout: Int? = nil) {
        self.name = name
        self.run = run
        self.on = on
        self.timeout = timeout
    }

    /// The prefix of the environment variable that carries a placeholder's value to a task.
    public static let environmentPrefix = "DUO_NEW_"

    /// The variable that carries the token `name`'s value: `DUO_NEW_APP_NAME`.
    public static func variable(for name: String) -> String { environmentPrefix + name }

    /// Whether `text` (a task's command, or a script it runs) names the variable that carries
    /// the token `name`'s value as a whole shell name: `$DUO_NEW_APP_NAME` and
    /// `${DUO_NEW_APP_NAME}` read `APP_NAME`; `$DUO_NEW_APP_NAME_SLUG` does not.
    public static func reads(_ name: String, in text: String) -> Bool {
        let variable = Array(variable(for: name).utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= variable.count else { return false }
        for start in 0...(bytes.count - variable.count) where bytes[start] == variable[0] {
            guard bytes[start..<(start + variable.count)].elementsEqual(variable) else { continue }
            let before = start == 0 ? nil : bytes[start - 1]
            let after = start + variable.count == bytes.count ? nil : bytes[start + variable.count]
            if !(before.map(isShellNameByte) ?? false), !(after.map(isShellNameByte) ?? false) { return true }
        }
        return false
    }

    /// duo-new's own settings that share the prefix (`DUO_NEW_TEMPLATES`, `DUO_NEW_GIT_TIMEOUT`):
    /// a task may read them from the user's environment, and they are no placeholder's value.
    public static let ownVariables: Set<String> = ["TEMPLATES", "GIT_TIMEOUT"]

    /// Each value variable `text` reads (`$DUO_NEW_USE_DOCKER`, `${DUO_NEW_APP_NAME}`) by the
    /// name after the prefix, with the offset in characters of its `$`; duo-new's own settings
    /// are left out.
    public static func valuesRead(in text: String) -> [(name: String, offset: Int)] {
        text.matches(of: /\$\{?DUO_NEW_([A-Za-z0-9_]+)/).compactMap { match in
            let name = String(match.output.1)
            guard !ownVariables.contains(name) else { return nil }
            return (name, text.distance(from: text.startIndex, to: match.range.lowerBound))
        }
    }

    /// `[A-Za-z0-9_]`: what a shell variable's name is made of.
    private static func isShellNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// A shell command that runs the task again by hand in `folder`, with the values it saw:
    /// `(cd Sitter && DUO_NEW_APP_NAME=Sitter sh -c 'git init -q')`, in a subshell, so that
    /// several pasted one after the other each start where the user is (no `cd` in the working
    /// folder, `ShellQuoting.inFolder`). A value named in `hidden`
    /// (a secret) is never printed: the command reads it from the variable named beside it instead.
    public func rerunCommand(in folder: String, values: [String: String], hidden: [String: String] = [:]) -> String {
        let assignments = values.keys.sorted().map { name in
            let variable = Self.variable(for: name)
            if let source = hidden[name] { return "\(variable)=\"$\(source)\"" }
            return "\(variable)=\(ShellQuoting.quoted(values[name] ?? ""))"
        }
        return ShellQuoting.inFolder(folder, (assignments + ["sh", "-c", ShellQuoting.quoted(run)]).joined(separator: " "))
    }

    /// The commands that run `tasks` by hand in `folder` (as typed), each under its name, one a
    /// line, indented and escaped for the terminal; then, when they read a secret from its
    /// variable, which variables to set first (the secret may have come from `--set` or the
    /// prompt, not from the variable).
    public static func rerunLines(_ tasks: [SetupTask], in folder: String, values: [String: String], hidden: [String: String]) -> [String] {
        let commands = tasks.flatMap { task in
            ["  \(DisplayPath.escaped(task.name)):", "      " + DisplayPath.escaped(task.rerunCommand(in: folder, values: values, hidden: hidden))]
        }
        let read = hidden.filter { values[$0.key] != nil }.values.sorted()
        guard !read.isEmpty else { return commands }
        return commands + ["  (they read the secret\(read.count == 1 ? "" : "s") from \(read.map { "$" + $0 }.joined(separator: " and ")): set \(read.count == 1 ? "it" : "them") first)"]
    }

    /// The task as the check runner runs it: same name, command and timeout.
    public var asCheck: Check { Check(name: name, run: run, timeout: timeout) }
}
