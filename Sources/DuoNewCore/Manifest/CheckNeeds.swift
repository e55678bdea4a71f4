/// What a check needs from the machine before it can run: commands on `PATH`.
///
/// A check whose needs are not met is *skipped*, not failed: the Mac steps of a recipe need
/// `xcodebuild`, which Linux and most CI machines lack, and that says nothing about the project.
/// Commands are the test, not the operating system, so stand-in tools on `PATH` let the steps
/// run (and be tested) anywhere.
public struct CheckNeeds: Sendable, Hashable {
    /// Command names looked up on `PATH`, in the order the skip reason names the first missing one.
    public var commands: [String]
    /// Where the commands come from, for the skip reason (`macOS with Xcode 27.1 or later`).
    public var hint: String?

    public init(commands: [String], hint: String? = nil) {
        self.commands = commands
        self.hint = hint
    }

    /// Why the check cannot run on this machine (`needs xcodebuild: macOS with Xcode 27.1 or
    /// later`), or nil when every command is found on `searchPath` (a `PATH` value);
    /// `isExecutable` asks the machine (`CheckNeeds.isExecutableFile` in the library).
    public func unmet(searchPath: String?, isExecutable: (String) -> Bool) -> String? {
        let folders = (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : String($0) }
        guard let missing = commands.first(where: { command in
            !folders.contains { isExecutable("\($0)/\(command)") }
        }) else { return nil }
        return hint.map { "needs \(missing): \($0)" } ?? "needs \(missing), which is not on PATH"
    }

    /// Whether a command name is one word that `PATH` lookup can find: no slash, no space.
    public static func isCommandName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains(where: \.isWhitespace)
    }
}
