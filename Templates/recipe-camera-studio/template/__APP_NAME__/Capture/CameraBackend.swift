import Foundation

/// The camera hardware as `CaptureService` sees it.
///
/// Two implementations: `StandInBackend`, which draws a test card and works everywhere, and an
/// AVFoundation backend, compiled only where AVFoundation exists. Every call is async and
/// returns its result; nothing calls back onto the main actor. Implement it as an actor, so
/// `AVCaptureSession.startRunning()`, which blocks, never runs on the main thread; the real
/// backend also gives its actor a serial queue of its own, so blocking calls never hold a
/// thread of the shared pool.
nonisolated protocol CameraBackend: Sendable {
    /// True for the stand-in: the preview says "Stand-in camera".
    var isStandIn: Bool { get }
    /// Whether a real camera stands behind this backend: false for the stand-in, and false for
    /// the real backend on a device without one (the simulator).
    var hasCamera: Bool { get }
    /// Interruptions and runtime errors, as they happen. One listener: the studio store.
    var events: AsyncStream<BackendEvent> { get }

    /// The cameras this device has; empty where there is none (the simulator).
    func cameras() async -> [CameraDescriptor]
    func access(for media: MediaKind) async -> CameraAccess
    /// Shows the system's prompt; true if the person allowed it.
    func requestAccess(for media: MediaKind) async -> Bool

    func configure(_ configuration: CaptureConfiguration) async throws
    func startRunning() async throws
    func stopRunning() async

    /// Writes a photo to `url` and says what it wrote.
    func takePhoto(to url: URL) async throws -> PhotoResult
    func startRecording(to url: URL) async throws
    /// Ends the recording; the movie is complete at the URL given to `startRecording(to:)`.
    func stopRecording() async throws -> MovieResult

    /// Shows the session's picture from the camera `cameraID` in the subject's preview, mirrored
    /// or not. `CaptureService` calls it when the preview, the camera streaming or the mirroring
    /// changes: a new camera means a new connection to the preview, which needs its rotation and
    /// mirroring at once, whether or not the subject's view is on screen.
    func attachSubjectPreview(_ preview: any CapturePreview, cameraID: String?, mirrored: Bool) async
}
