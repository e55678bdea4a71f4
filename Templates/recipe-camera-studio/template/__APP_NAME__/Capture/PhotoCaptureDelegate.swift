#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation

/// Hands one photo's data from the photo output's queue back to the capture actor.
///
/// `AVCapturePhoto` is not Sendable, so only its `Data` crosses. The photo output reports the
/// photo (or its error) in `didFinishProcessingPhoto`, then the end of the whole capture in
/// `didFinishCaptureFor`; a capture that fails early may skip the first. Both hand a result to
/// `result`, which keeps the first one: the end of the capture decides only when no photo came,
/// so the shutter neither hangs nor resumes its wait twice.
nonisolated final class PhotoCaptureDelegate: NSObject, AVCapturePhotoCaptureDelegate, Sendable {
    let result: OneShot<Data> = OneShot()

    func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?) {
        if let error {
            result.deliver(.failure(.backend(error.localizedDescription)))
        } else if let data = photo.fileDataRepresentation() {
            result.deliver(.success(data))
        } else {
            result.deliver(.failure(.backend("the photo had no data")))
        }
    }

    func photoOutput(
        _ output: AVCapturePhotoOutput, didFinishCaptureFor resolvedSettings: AVCaptureResolvedPhotoSettings,
        error: (any Error)?
    ) {
        // Ignored when the photo already arrived.
        result.deliver(.failure(.backend(error?.localizedDescription ?? "the capture ended without a photo")))
    }
}
#endif
