#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation

/// Tells the capture actor when a movie file is complete.
///
/// The movie output reports the end on its own queue, possibly before anyone waits (a full
/// disk ends a recording early), so the result is kept in a `OneShot` until the actor asks, and
/// `onFinish` tells the actor at once, so a recording that ended by itself is noticed.
nonisolated final class MovieRecordingDelegate: NSObject, AVCaptureFileOutputRecordingDelegate, Sendable {
    private let finished: OneShot<URL> = OneShot()
    private let onFinish: @Sendable (MovieRecordingDelegate, URL) -> Void

    init(onFinish: @escaping @Sendable (MovieRecordingDelegate, URL) -> Void) {
        self.onFinish = onFinish
    }

    func fileOutput(
        _ output: AVCaptureFileOutput, didFinishRecordingTo outputFileURL: URL,
        from connections: [AVCaptureConnection], error: (any Error)?
    ) {
        // A recording stopped by a limit (length, size) reports an error yet is a good file.
        let finishedAnyway = (error as NSError?)?.userInfo[AVErrorRecordingSuccessfullyFinishedKey] as? Bool == true
        if error == nil || finishedAnyway {
            finished.deliver(.success(outputFileURL))
        } else {
            finished.deliver(.failure(.writeFailed(outputFileURL.lastPathComponent)))
        }
        onFinish(self, outputFileURL)
    }

    /// Waits for the file to be complete and returns where it is.
    func finishedURL() async throws -> URL {
        try await finished.value()
    }
}
#endif
