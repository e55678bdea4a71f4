import Foundation

/// Picture in Picture as the player's rules see it: whether it shows, whether the system can
/// start it now, and a restore that waits for the player to be back on screen.
///
/// Two rules live here. Start only when the controller says it is possible (its
/// `isPictureInPicturePossible`, which is false until the item can play, or while another app
/// holds Picture in Picture): the button is disabled otherwise, rather than tapping into
/// nothing. And when the person taps the floating window's button to come back to the app
/// after closing the player, the system waits for the app's "restored" answer before it flies
/// the video back; the answer is given only once the player's video surface is in a window
/// again, never before the player is presented.
nonisolated struct PictureInPictureState: Sendable, Equatable {
    /// What the Picture in Picture button does now.
    nonisolated enum Order: Sendable, Equatable {
        case start
        case stop
        /// Nothing: the system can't start it now.
        case none
    }

    /// How the app answers the system's request to restore the player.
    nonisolated enum RestoreAnswer: Sendable, Equatable {
        /// The player is on screen: answer true at once.
        case restoredNow
        /// The player was closed: present it, and answer true when its surface is in a window.
        case afterThePlayerShows
        /// Nothing is loaded any more: answer false.
        case nothingToRestore
    }

    /// Picture in Picture is showing (the controller's delegate says so).
    var isActive: Bool = false
    /// The controller's `isPictureInPicturePossible`, observed.
    var isPossible: Bool = false
    /// A restore waits for the player's surface to reach a window.
    private(set) var restoreIsPending: Bool = false
    /// The player's video surface is in a window (the full-screen player is on screen).
    private(set) var isSurfaceOnScreen: Bool = false

    var order: Order {
        if isActive { return .stop }
        return isPossible ? .start : .none
    }

    /// Whether the button can do anything now.
    var canToggle: Bool {
        order != .none
    }

    mutating func restoreRequested(isPlayerPresented: Bool, hasEpisode: Bool) -> RestoreAnswer {
        guard hasEpisode else {
            restoreIsPending = false
            return .nothingToRestore
        }
        if isPlayerPresented, isSurfaceOnScreen {
            return .restoredNow
        }
        restoreIsPending = true
        return .afterThePlayerShows
    }

    /// The surface entered or left a window. Returns true when a pending restore is now done
    /// and the system's completion handler should be called with true.
    mutating func surfaceMoved(onScreen: Bool) -> Bool {
        isSurfaceOnScreen = onScreen
        guard onScreen, restoreIsPending else { return false }
        restoreIsPending = false
        return true
    }

    /// The restore can no longer happen (the player was emptied): forget it.
    mutating func cancelRestore() {
        restoreIsPending = false
    }
}
