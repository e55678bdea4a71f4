import Foundation

/// A preview on screen that shows the camera's live picture, as `CaptureService` sees it: an
/// identity, nothing more, so the portable code never names a layer.
///
/// The real backend's is the subject's `AVCaptureVideoPreviewLayer`, made once for the life of
/// the app; the model tests use their own. `CaptureService.attachSubjectPreview(_:mirrored:)`
/// hands it to the backend only when it, or its mirroring, changes.
nonisolated protocol CapturePreview: AnyObject, Sendable {}
