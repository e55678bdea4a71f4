import Foundation

/// A camera that films a moving test card, so the whole studio works where there is no camera:
/// the simulator, the model tests, and any device launched with `-standIn`.
///
/// Photos are 1200 × 900 JPEGs of the current frame. A recording is a real movie of 640 × 480
/// at 15 frames a second, as long as the recording lasted by the injected clock, written when
/// the recording stops. Access, the cameras on offer and failures can be set, so tests reach
/// every state the real camera can be in.
actor StandInBackend: CameraBackend {
    nonisolated let isStandIn: Bool = true
    nonisolated let events: AsyncStream<BackendEvent>
    private let eventSink: AsyncStream<BackendEvent>.Continuation

    private let clock: any StudioClock
    private let movieWriter: any StandInMovieWriter.Type
    private let availableCameras: [CameraDescriptor]
    private let grantsRequests: Bool
    private var videoAccess: CameraAccess
    private var audioAccess: CameraAccess
    private var nextFailure: CaptureError?
    /// Frame numbers count from here, at the preview's 30 frames a second.
    private let origin: TimeInterval

    private(set) var configuration: CaptureConfiguration?
    private(set) var isRunning: Bool = false
    private(set) var requests: [MediaKind] = []
    private var recording: (url: URL, startedAt: TimeInterval)?

    init(
        clock: any StudioClock = SystemStudioClock(),
        videoAccess: CameraAccess = .allowed,
        audioAccess: CameraAccess = .allowed,
        grantsRequests: Bool = true,
        cameras: [CameraDescriptor] = CameraDescriptor.duoCameras,
        movieWriter: any StandInMovieWriter.Type = MotionJPEGMovieWriter.self
    ) {
        self.clock = clock
        self.videoAccess = videoAccess
        self.audioAccess = audioAccess
        self.grantsRequests = grantsRequests
        self.availableCameras = cameras
        self.movieWriter = movieWriter
        self.origin = clock.now()
        (events, eventSink) = AsyncStream<BackendEvent>.makeStream()
    }

    // MARK: - Test controls

    /// The next capture call fails with `error`.
    func failNext(with error: CaptureError) {
        nextFailure = error
    }

    /// Reports an interruption or an error, as the real session would.
    func simulate(_ event: BackendEvent) {
        eventSink.yield(event)
    }

    /// The test card's frame at a time, for the live preview.
    func frameNumber(at now: TimeInterval) -> Int {
        max(0, Int((now - origin) * TimeInterval(StandInFrame.previewFramesPerSecond)))
    }

    // MARK: - CameraBackend

    func cameras() async -> [CameraDescriptor] {
        videoAccess == .noCamera ? [] : availableCameras
    }

    func access(for media: MediaKind) async -> CameraAccess {
        media == .video ? videoAccess : audioAccess
    }

    func requestAccess(for media: MediaKind) async -> Bool {
        requests.append(media)
        let answer: CameraAccess = grantsRequests ? .allowed : .denied
        switch media {
        case .video:
            if videoAccess == .notAsked {
                videoAccess = answer
            }
            return videoAccess == .allowed
        case .audio:
            if audioAccess == .notAsked {
                audioAccess = answer
            }
            return audioAccess == .allowed
        }
    }

    func configure(_ configuration: CaptureConfiguration) async throws {
        try failIfAsked()
        guard availableCameras.contains(configuration.camera) else { throw CaptureError.noCamera }
        self.configuration = configuration
    }

    func startRunning() async throws {
        try failIfAsked()
        guard configuration != nil else { throw CaptureError.notRunning }
        isRunning = true
    }

    func stopRunning() async {
        isRunning = false
    }

    func takePhoto(to url: URL) async throws -> PhotoResult {
        try failIfAsked()
        guard isRunning else { throw CaptureError.notRunning }
        let frame: StandInFrame = StandInFrame(
            frameNumber: frameNumber(at: clock.now()), width: AppFacts.photoWidth, height: AppFacts.photoHeight
        )
        let data: Data = JPEGEncoder().encode(frame.render())
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CaptureError.writeFailed(url.lastPathComponent)
        }
        return PhotoResult(pixelWidth: AppFacts.photoWidth, pixelHeight: AppFacts.photoHeight)
    }

    func startRecording(to url: URL) async throws {
        try failIfAsked()
        guard isRunning else { throw CaptureError.notRunning }
        guard recording == nil else { throw CaptureError.busy }
        recording = (url: url, startedAt: clock.now())
    }

    /// Writes one movie frame for every fifteenth of a second recorded (at least one), each
    /// a later frame of the test card, into a side file moved into place when complete, so the
    /// gallery never sees half a movie.
    func stopRecording() async throws -> MovieResult {
        guard let recording else { throw CaptureError.notRunning }
        self.recording = nil
        try failIfAsked()
        let fps: Int = AppFacts.movieFramesPerSecond
        let elapsed: TimeInterval = max(0, clock.now() - recording.startedAt)
        let frames: Int = max(1, Int((elapsed * TimeInterval(fps)).rounded()))
        let firstFrame: Int = frameNumber(at: recording.startedAt)
        let step: Int = StandInFrame.previewFramesPerSecond / fps
        let partial: URL = recording.url.appendingPathExtension(AppFacts.partialFileExtension)
        do {
            var writer: any StandInMovieWriter = try movieWriter.init(
                url: partial, width: AppFacts.movieWidth, height: AppFacts.movieHeight, framesPerSecond: fps
            )
            for index in 0..<frames {
                let frame: StandInFrame = StandInFrame(
                    frameNumber: firstFrame + index * step, width: AppFacts.movieWidth, height: AppFacts.movieHeight
                )
                try writer.append(frame.render())
            }
            try await writer.finish()
            try FileManager.default.moveItem(at: partial, to: recording.url)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw CaptureError.writeFailed(recording.url.lastPathComponent)
        }
        return MovieResult(
            pixelWidth: AppFacts.movieWidth, pixelHeight: AppFacts.movieHeight,
            frameCount: frames, duration: TimeInterval(frames) / TimeInterval(fps)
        )
    }

    private func failIfAsked() throws {
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
    }
}
