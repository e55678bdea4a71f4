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
        var index: Int = 0
        while index < arguments.count {
            let argument: String = arguments[index]
            // A following word that starts with "-" is the next switch, not this one's value.
            let following: String? = index + 1 < arguments.count ? arguments[index + 1] : nil
            let value: String? = following.flatMap { $0.hasPrefix("-") ? nil : $0 }
            switch argument {
            case "-standIn", "-shutter", "-resetState", "-uiTesting":
                var isOn: Bool = true
                if let value, let parsed = LaunchOptions.boolean(value) {
                    isOn = parsed
                    index += 1
                }
                set(flag: argument, to: isOn)
            case "-timer":
                if let value, let setting = TimerSetting(argument: value) {
                    timer = setting
                } else {
                    problems.append("-timer needs 0, 3 or 10")
                }
                index += value == nil ? 0 : 1
            case "-mode":
                if let value, let parsed = CaptureMode(argument: value) {
                    mode = parsed
                } else {
                    problems.append("-mode needs photo or video")
                }
                index += value == nil ? 0 : 1
            default:
                break
            }
            index += 1
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

    private static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0": false
        default: nil
        }
    }
}
