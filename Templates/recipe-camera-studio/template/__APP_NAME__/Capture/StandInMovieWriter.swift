import Foundation

/// One movie being written for the stand-in camera, a frame at a time.
///
/// `StandInEncoding.movieWriter(url:width:height:framesPerSecond:)` makes one; on Apple
/// platforms it is `StandInRecorder`, H.264 through `AVAssetWriter`.
nonisolated protocol StandInMovieWriter {
    /// Adds one frame. It may wait for the encoder (the AVFoundation writer does, without
    /// blocking a thread); like `finish()` it runs on the caller's actor.
    nonisolated(nonsending) mutating func append(_ frame: RGBImage) async throws
    /// Completes the file; no frame may be appended afterwards. It runs on the caller's actor
    /// (the backend's), so the writer never crosses an isolation boundary.
    nonisolated(nonsending) mutating func finish() async throws
}
