import Foundation

/// How the stand-in camera turns frames into a movie file.
///
/// The portable `MotionJPEGMovieWriter` works everywhere; where AVFoundation exists an H.264
/// writer over `AVAssetWriter` can conform and be handed to `StandInBackend`.
nonisolated protocol StandInMovieWriter {
    init(url: URL, width: Int, height: Int, framesPerSecond: Int) throws
    /// Adds one frame. It may wait for the encoder (the AVFoundation writer does, without
    /// blocking a thread); like `finish()` it runs on the caller's actor.
    nonisolated(nonsending) mutating func append(_ frame: RGBImage) async throws
    /// Completes the file; no frame may be appended afterwards. It runs on the caller's actor
    /// (the backend's), so the writer never crosses an isolation boundary.
    nonisolated(nonsending) mutating func finish() async throws
}
