import Foundation

/// The launch switches UI tests, screenshots and `duo-pose-matrix` use to start in a known state.
///
/// - `-play <episode id>` opens the player on that episode; `-paused` keeps it paused;
///   `-start <seconds>` starts there instead of at the resume point.
/// - `-select <episode or show id>` selects it in the library.
/// - `-upNextLead <seconds>` changes when the up next card appears; `-autoplay 0` turns autoplay off.
/// - `-loop` plays the episode again and again (to watch playback survive every pose).
/// - `-resetState` forgets resume points and settings first; `-uiTesting` shows the test markers.
///
/// A flag may be followed by YES/NO, 1/0 or true/false. Unknown arguments are ignored, because
/// the system and Xcode pass their own (`LaunchSwitchReading`, from the duo-app layer, reads them).
nonisolated struct LaunchOptions: LaunchSwitchReading, Sendable, Equatable {
    static let flags: Set<String> = ["-paused", "-loop", "-resetState", "-uiTesting", "-autoplay"]

    var play: String? = nil
    var paused: Bool = false
    var start: TimeInterval? = nil
    var select: String? = nil
    var upNextLead: TimeInterval? = nil
    var autoplay: Bool? = nil
    var loop: Bool = false
    var resetState: Bool = false
    var uiTesting: Bool = false
    /// Values that could not be read, such as `-start soon`, for the log.
    var problems: [String] = []

    /// The up next policy these switches ask for, starting from the saved autoplay setting.
    func policy(savedAutoplay: Bool) -> UpNextPolicy {
        UpNextPolicy(lead: upNextLead ?? UpNextPolicy.defaultLead, autoplay: autoplay ?? savedAutoplay)
    }

    mutating func set(flag: String, to isOn: Bool) {
        switch flag {
        case "-paused": paused = isOn
        case "-loop": loop = isOn
        case "-resetState": resetState = isOn
        case "-autoplay": autoplay = isOn
        default: uiTesting = isOn
        }
    }

    mutating func read(_ name: String, value: String?) -> String? {
        switch name {
        case "-play", "-select":
            guard let value, !value.isEmpty else { return "\(name) needs an episode id" }
            if name == "-play" { play = value } else { select = value }
        case "-start", "-upNextLead":
            guard let value, let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                return "\(name) needs a number of seconds, 0 or more"
            }
            if name == "-start" { start = seconds } else { upNextLead = seconds }
        default:
            break
        }
        return nil
    }
}
