#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation

/// Tells the capture actor when a movie file is complete.
///
/// The movie output reports the end on its own queue, possibly before anyone waits (a full
/// disk ends a recording early), so the result is buffered in a stream the actor reads once.
nonisolated final class MovieRecordingDelegate: NSObject, AVCaptureFileOutputRecordingDelegate, Sendable {
    private let results: AsyncStream<Result<URL, CaptureError>>
    private let sink: AsyncStream<Result<URL, CaptureError>>.Continuation

    override init() {
        let (results, sink) = AsyncStream.makeStream(of: Result<URL, CaptureError>.self, bufferingPolicy: .bufferingNewest(1))
        self.results = results
        self.sink = sink
        super.init()
    }

    func fileOutput(
        _ output: AVCaptureFileOutput, didFinishRecordingTo outputFileURL: URL,
        from connections: [AVCaptureConnection], error: (any Error)?
    ) {
        // A recording stopped by a limit (length, size) reports an error yet is a good file.
        let finishedAnyway = (error as NSError?)?.userInfo[AVErrorRecordingSuccessfullyFinishedKey] as? Bool == true
        if error == nil || finishedAnyway {
            sink.yield(.success(outputFileURL))
        } else {
            sink.yield(.failure(.writeFailed(outputFileURL.lastPathComponent)))
        }
        sink.finish()
    }

    /// Waits for the file to be complete and returns where it is.
    func finishedURL() async throws -> URL {
        for await result in results {
            return try result.get()
        }
        throw CaptureError.interrupted
    }
}
#endif
