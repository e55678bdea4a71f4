import Foundation

/// Launch options read from switches, the part every recipe's `LaunchOptions` shares: the
/// recipe says which switches are flags and how to read the others, and `init(arguments:)`
/// walks the arguments once with `LaunchSwitches`.
///
/// A flag is on when it stands alone (`-resetState`) and takes the YES/NO, 1/0 or true/false
/// written after it (`-resetState NO`, the form Xcode's scheme editor writes). Every other
/// switch goes to `read(_:value:)`, which returns what is wrong with its value; that goes into
/// `problems` for the log, and the next switch still counts. Names the options do not know are
/// ignored, because the system and Xcode pass arguments of their own.
nonisolated protocol LaunchSwitchReading: Sendable {
    /// The options of a launch without switches.
    init()
    /// The switches that are flags, such as `-uiTesting`.
    static var flags: Set<String> { get }
    /// Values that could not be read, such as `-start soon`, for the log.
    var problems: [String] { get set }
    /// Turns one of `flags` on or off.
    mutating func set(flag name: String, to isOn: Bool)
    /// Reads a switch that is not a flag, with the word after it (nil when there is none or it is
    /// the next switch). Returns what is wrong with the value, or nil when it was read or when
    /// the name is not one of these options.
    mutating func read(_ name: String, value: String?) -> String?
}

nonisolated extension LaunchSwitchReading {
    /// The options these arguments ask for (the process's arguments without its path).
    init(arguments: [String]) {
        self.init()
        for (name, value) in LaunchSwitches.pairs(arguments) {
            if Self.flags.contains(name) {
                set(flag: name, to: value.flatMap(LaunchSwitches.boolean) ?? true)
            } else if let problem = read(name, value: value) {
                problems.append(problem)
            }
        }
    }

    /// The switches this process was launched with.
    static var current: Self {
        Self(arguments: Array(ProcessInfo.processInfo.arguments.dropFirst()))
    }
}
