#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation

/// Hands one photo's data from the photo output's queue back to the capture actor.
///
/// `AVCapturePhoto` is not Sendable, so only its `Data` crosses, through a continuation that is
/// resumed exactly once: one photo per delegate.
nonisolated final class PhotoCaptureDelegate: NSObject, AVCapturePhotoCaptureDelegate, Sendable {
    private let continuation: CheckedContinuation<Data, any Error>

    init(continuation: CheckedContinuation<Data, any Error>) {
        self.continuation = continuation
    }

    func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?) {
        if let error {
            continuation.resume(throwing: CaptureError.backend(error.localizedDescription))
        } else if let data = photo.fileDataRepresentation() {
            continuation.resume(returning: data)
        } else {
            continuation.resume(throwing: CaptureError.backend("the photo had no data"))
        }
    }
}
#endif
