import Foundation

/// The self-timer: off, 3 seconds or 10 seconds, cycled by the timer button.
nonisolated enum TimerSetting: Int, CaseIterable, Sendable, Equatable {
    case off = 0
    case threeSeconds = 3
    case tenSeconds = 10

    /// Reads a launch argument or a saved value: `0` or `off`, `3`, `10`.
    init?(argument: String) {
        switch argument.lowercased() {
        case "0", "off": self = .off
        case "3": self = .threeSeconds
        case "10": self = .tenSeconds
        default: return nil
        }
    }

    var seconds: Int {
        rawValue
    }

    /// What the timer button shows.
    var label: String {
        self == .off ? "Off" : "\(rawValue) s"
    }

    /// The setting after one tap: off → 3 s → 10 s → off.
    var next: TimerSetting {
        switch self {
        case .off: .threeSeconds
        case .threeSeconds: .tenSeconds
        case .tenSeconds: .off
        }
    }
}
