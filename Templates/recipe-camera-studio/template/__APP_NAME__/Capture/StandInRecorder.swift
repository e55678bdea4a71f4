#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import CoreVideo

/// Writes the stand-in camera's movie as H.264 with `AVAssetWriter`, the way a camera's movie is
/// stored, so the gallery, the poster and the share sheet meet a real movie in the simulator.
///
/// The stand-in backend hands it one `RGBImage` per frame (640 × 480, 15 frames a second). The
/// movie's length is a whole number of frames, which is what the gallery's index records.
nonisolated struct StandInRecorder: StandInMovieWriter {
    nonisolated enum Failure: Error, Equatable {
        case couldNotStart(String)
        case noPixelBuffer
        case encoderNotReady
        case couldNotAppend(String)
        case couldNotFinish(String)
    }

    /// How long `append` waits for the encoder before giving up.
    private static let readinessTimeout: Duration = .seconds(1)

    private let writer: AVAssetWriter
    private let input: AVAssetWriterInput
    private let adaptor: AVAssetWriterInputPixelBufferAdaptor
    private let framesPerSecond: Int
    private var frameCount = 0

    init(url: URL, width: Int, height: Int, framesPerSecond: Int) throws {
        writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        input = AVAssetWriterInput(mediaType: .video, outputSettings: [
            AVVideoCodecKey: AVVideoCodecType.h264,
            AVVideoWidthKey: width,
            AVVideoHeightKey: height,
        ])
        input.expectsMediaDataInRealTime = false
        adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
            kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
            kCVPixelBufferWidthKey as String: width,
            kCVPixelBufferHeightKey as String: height,
        ])
        self.framesPerSecond = framesPerSecond
        guard writer.canAdd(input) else {
            throw Failure.couldNotStart("the writer refused a video input")
        }
        writer.add(input)
        guard writer.startWriting() else {
            throw Failure.couldNotStart(writer.error?.localizedDescription ?? "unknown error")
        }
        writer.startSession(atSourceTime: .zero)
    }

    nonisolated(nonsending) mutating func append(_ frame: RGBImage) async throws {
        let buffer = try pixelBuffer(from: frame)
        try await waitUntilReady()
        let time = CMTime(value: CMTimeValue(frameCount), timescale: CMTimeScale(framesPerSecond))
        guard adaptor.append(buffer, withPresentationTime: time) else {
            throw Failure.couldNotAppend(writer.error?.localizedDescription ?? "unknown error")
        }
        frameCount += 1
    }

    mutating func finish() async throws {
        input.markAsFinished()
        // The last frame lasts a whole frame, so the movie is frameCount / framesPerSecond long.
        writer.endSession(atSourceTime: CMTime(value: CMTimeValue(frameCount), timescale: CMTimeScale(framesPerSecond)))
        await writer.finishWriting()
        guard writer.status == .completed else {
            throw Failure.couldNotFinish(writer.error?.localizedDescription ?? "status \(writer.status.rawValue)")
        }
    }

    /// Offline writing: the encoder may need a moment between frames. Its readiness is
    /// key-value observable, so this waits for the change (or gives up after a second) instead
    /// of sleeping in a loop, which would hold a thread the whole time.
    private nonisolated(nonsending) func waitUntilReady() async throws {
        if input.isReadyForMoreMediaData {
            return
        }
        let ready: OneShot<Bool> = OneShot()
        let observation = input.observe(\.isReadyForMoreMediaData, options: [.initial, .new]) { input, _ in
            if input.isReadyForMoreMediaData {
                ready.deliver(.success(true))
            }
        }
        let deadline = Task {
            try await Task.sleep(for: Self.readinessTimeout)
            ready.deliver(.success(false))
        }
        defer {
            observation.invalidate()
            deadline.cancel()
        }
        guard try await ready.value() else { throw Failure.encoderNotReady }
    }

    /// Copies the RGB frame into a BGRA pixel buffer from the adaptor's pool.
    private func pixelBuffer(from frame: RGBImage) throws -> CVPixelBuffer {
        guard let pool = adaptor.pixelBufferPool else { throw Failure.noPixelBuffer }
        var created: CVPixelBuffer?
        CVPixelBufferPoolCreatePixelBuffer(nil, pool, &created)
        guard let buffer = created else { throw Failure.noPixelBuffer }
        CVPixelBufferLockBaseAddress(buffer, [])
        defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
        guard let base = CVPixelBufferGetBaseAddress(buffer) else { throw Failure.noPixelBuffer }
        let rowBytes = CVPixelBufferGetBytesPerRow(buffer)
        let pixels = base.assumingMemoryBound(to: UInt8.self)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let source = (y * frame.width + x) * 3
                let target = y * rowBytes + x * 4
                pixels[target] = frame.bytes[source + 2]
                pixels[target + 1] = frame.bytes[source + 1]
                pixels[target + 2] = frame.bytes[source]
                pixels[target + 3] = 255
            }
        }
        return buffer
    }
}
#endif
