#if canImport(AVKit) && canImport(UIKit)
import AVKit

/// Receives the Picture in Picture controller's delegate calls and hands them to the player
/// model on the main actor.
///
/// A separate, nonisolated object, so the model itself stays main-actor isolated with no
/// conformance to an Objective-C protocol whose isolation the SDK does not state. AVKit calls
/// these methods on the main thread.
nonisolated final class PictureInPictureEvents: NSObject, AVPictureInPictureControllerDelegate {
    /// What happened, for the model.
    nonisolated enum Event: Sendable {
        /// About to start. Going home starts Picture in Picture by itself, and this can come
        /// before the scene reports the background: the model must keep the layer from here on.
        case starting
        case started
        case stopped
        case failed
        /// The user tapped the button that brings the video back into the app. The system waits
        /// for `finish(true)` before it flies the video back, so the model calls it only once
        /// the player is on screen again.
        case restoreRequested(finish: @Sendable (Bool) -> Void)
    }

    private let handle: @MainActor (Event) -> Void

    init(handle: @escaping @MainActor (Event) -> Void) {
        self.handle = handle
    }

    func pictureInPictureControllerWillStartPictureInPicture(_ controller: AVPictureInPictureController) {
        deliver(.starting)
    }

    func pictureInPictureControllerDidStartPictureInPicture(_ controller: AVPictureInPictureController) {
        deliver(.started)
    }

    func pictureInPictureControllerDidStopPictureInPicture(_ controller: AVPictureInPictureController) {
        deliver(.stopped)
    }

    func pictureInPictureController(
        _ controller: AVPictureInPictureController, failedToStartPictureInPictureWithError error: any Error
    ) {
        deliver(.failed)
    }

    func pictureInPictureController(
        _ controller: AVPictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        // The model presents the player if it was closed, and calls the handler once the
        // player's surface is in a window: the floating window then flies back into it.
        deliver(.restoreRequested(finish: completionHandler))
    }

    private func deliver(_ event: Event) {
        let handle = handle
        MainActor.assumeIsolated {
            handle(event)
        }
    }
}
#endif
