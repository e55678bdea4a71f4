import Foundation

/// The launch switches UI tests and screenshots use to put the studio in a known state.
///
/// `-standIn` uses the stand-in camera even on a device; `-timer 0|3|10` and `-mode photo|video`
/// set the controls; `-shutter` presses the shutter once the camera runs; `-resetState` empties
/// the gallery first; `-uiTesting` shows the test markers. A switch may be followed by YES or
/// NO, the form Xcode's scheme editor writes. Anything else is ignored, because the system and
/// Xcode pass arguments of their own.
nonisolated struct LaunchOptions: Sendable, Equatable {
    var standIn: Bool = false
    var timer: TimerSetting? = nil
    var mode: CaptureMode? = nil
    var shutter: Bool = false
    var resetState: Bool = false
    var uiTesting: Bool = false
    /// Values that could not be read, such as `-timer 5`, for the log.
    private(set) var problems: [String] = []

    init() {}

    init(arguments: [String]) {
        for (name, value) in LaunchSwitches.pairs(arguments) {
            switch name {
            case "-standIn", "-shutter", "-resetState", "-uiTesting":
                set(flag: name, to: value.flatMap(LaunchSwitches.boolean) ?? true)
            case "-timer":
                if let value, let setting = TimerSetting(argument: value) {
                    timer = setting
                } else {
                    problems.append("-timer needs 0, 3 or 10")
                }
            case "-mode":
                if let value, let parsed = CaptureMode(argument: value) {
                    mode = parsed
                } else {
                    problems.append("-mode needs photo or video")
                }
            default:
                break
            }
        }
    }

    /// The switches this process was launched with.
    static var current: LaunchOptions {
        LaunchOptions(arguments: Array(ProcessInfo.processInfo.arguments.dropFirst()))
    }

    private mutating func set(flag: String, to isOn: Bool) {
        switch flag {
        case "-standIn": standIn = isOn
        case "-shutter": shutter = isOn
        case "-resetState": resetState = isOn
        default: uiTesting = isOn
        }
    }
}
