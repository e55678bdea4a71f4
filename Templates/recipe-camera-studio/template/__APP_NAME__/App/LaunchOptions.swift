import Foundation

/// The launch switches UI tests and screenshots use to put the studio in a known state.
///
/// `-standIn` uses the stand-in camera even on a device; `-timer 0|3|10` and `-mode photo|video`
/// set the controls; `-shutter` presses the shutter once the camera runs; `-holdCountdown` holds
/// every countdown at its full length until its Start button is tapped (so a UI test or a
/// screenshot never races the self-timer); `-resetState` empties the gallery first; `-uiTesting` shows the test markers. A switch may be followed by YES or
/// NO, the form Xcode's scheme editor writes. Anything else is ignored, because the system and
/// Xcode pass arguments of their own (`LaunchSwitchReading`, from the duo-app layer, reads them).
nonisolated struct LaunchOptions: LaunchSwitchReading, Sendable, Equatable {
    static let flags: Set<String> = ["-standIn", "-shutter", "-holdCountdown", "-resetState", "-uiTesting"]

    var standIn: Bool = false
    var timer: TimerSetting? = nil
    var mode: CaptureMode? = nil
    var shutter: Bool = false
    var holdCountdown: Bool = false
    var resetState: Bool = false
    var uiTesting: Bool = false
    /// Values that could not be read, such as `-timer 5`, for the log.
    var problems: [String] = []

    mutating func set(flag: String, to isOn: Bool) {
        switch flag {
        case "-standIn": standIn = isOn
        case "-shutter": shutter = isOn
        case "-holdCountdown": holdCountdown = isOn
        case "-resetState": resetState = isOn
        default: uiTesting = isOn
        }
    }

    mutating func read(_ name: String, value: String?) -> String? {
        switch name {
        case "-timer":
            guard let value, let setting = TimerSetting(argument: value) else { return "-timer needs 0, 3 or 10" }
            timer = setting
        case "-mode":
            guard let value, let parsed = CaptureMode(argument: value) else { return "-mode needs photo or video" }
            mode = parsed
        default:
            break
        }
        return nil
    }
}
