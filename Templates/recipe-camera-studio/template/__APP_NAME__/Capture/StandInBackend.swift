import Foundation

/// A camera that films a moving test card, so the whole studio works where there is no camera:
/// the simulator, the model tests, and any device launched with `-standIn`.
///
/// Photos are 1200 × 900 JPEGs of the current frame. A recording is a real movie of 640 × 480
/// at 15 frames a second, as long as the recording lasted by the injected clock, written when
/// the recording stops. The `StandInEncoding` it is given writes the files: the system's
/// encoders in the app, portable ones in the model tests. Access, the cameras on offer and
/// failures can be set, so tests reach every state the real camera can be in. Like the real
/// backend, it holds the capture under way in a `CaptureSlot` and frees it however the
/// capture ends.
actor StandInBackend: CameraBackend {
    /// A recording under way: where its movie goes and when it started.
    nonisolated struct Take: Sendable {
        let url: URL
        let startedAt: TimeInterval
    }

    nonisolated let isStandIn: Bool = true
    /// The stand-in stands in for a camera; there is none behind it.
    nonisolated let hasCamera: Bool = false
    nonisolated let events: AsyncStream<BackendEvent>
    private let eventSink: AsyncStream<BackendEvent>.Continuation

    private let clock: any StudioClock
    private let encoding: any StandInEncoding
    private let availableCameras: [CameraDescriptor]
    private let grantsRequests: Bool
    private var videoAccess: CameraAccess
    private var audioAccess: CameraAccess
    private var nextFailure: CaptureError?
    /// The next start leaves the session stopped, as another app holding the camera does.
    private var refusesNextStart: Bool = false
    /// When the recording under way ended by itself (a full disk, a limit), if it did.
    private var recordingEndedAt: TimeInterval?
    /// Frame numbers count from here, at the preview's 30 frames a second.
    private let origin: TimeInterval

    private(set) var configuration: CaptureConfiguration?
    private(set) var isRunning: Bool = false
    private(set) var requests: [MediaKind] = []
    /// How many times the session was started, for the checks that nothing starts it twice.
    private(set) var startCount: Int = 0
    /// Every call that attached the subject's preview, with the camera and mirroring it asked for.
    private(set) var subjectPreviewCalls: [(preview: ObjectIdentifier, cameraID: String?, mirrored: Bool)] = []
    private var photoSlot: CaptureSlot<URL> = CaptureSlot()
    private var recordingSlot: CaptureSlot<Take> = CaptureSlot()

    init(
        encoding: any StandInEncoding,
        clock: any StudioClock = SystemStudioClock(),
        videoAccess: CameraAccess = .allowed,
        audioAccess: CameraAccess = .allowed,
        grantsRequests: Bool = true,
        cameras: [CameraDescriptor] = CameraDescriptor.duoCameras
    ) {
        self.clock = clock
        self.videoAccess = videoAccess
        self.audioAccess = audioAccess
        self.grantsRequests = grantsRequests
        self.availableCameras = cameras
        self.encoding = encoding
        self.origin = clock.now()
        (events, eventSink) = AsyncStream<BackendEvent>.makeStream()
    }

    // MARK: - Test controls

    /// The next capture call fails with `error`, part way through: a photo or a recording
    /// already holds its slot when it fails, as a real capture does.
    func failNext(with error: CaptureError) {
        nextFailure = error
    }

    /// The session stops without being asked, as the real one does when the system interrupts
    /// it or its media services restart. The event itself is reported separately.
    func loseSession() {
        isRunning = false
    }

    /// The next `startRunning()` does not run the session and fails with `.notRunning`, as a
    /// start does while an interruption is already in effect (another app holds the camera).
    /// The interruption's events are reported separately.
    func refuseNextStart() {
        refusesNextStart = true
    }

    /// The recording under way ends by itself now, as a real one does when the disk fills up or
    /// it reaches a limit, and says so with `.recordingEnded(_:)`. The movie lasts until now, however
    /// late `stopRecording()` comes.
    func endRecordingByItself() {
        guard let recording = recordingSlot.item, recordingEndedAt == nil else { return }
        recordingEndedAt = clock.now()
        eventSink.yield(.recordingEnded(recording.url))
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
        if refusesNextStart {
            refusesNextStart = false
            throw CaptureError.notRunning
        }
        if !isRunning {
            startCount += 1
        }
        isRunning = true
    }

    func stopRunning() async {
        isRunning = false
    }

    func takePhoto(to url: URL) async throws -> PhotoResult {
        guard isRunning else { throw CaptureError.notRunning }
        try photoSlot.take(url)
        defer { photoSlot.free() }
        try failIfAsked()
        let frame: StandInFrame = StandInFrame(
            frameNumber: frameNumber(at: clock.now()), width: AppFacts.photoWidth, height: AppFacts.photoHeight
        )
        do {
            let data: Data = try encoding.photoData(for: frame.render())
            try data.write(to: url, options: .atomic)
        } catch {
            throw CaptureError.writeFailed(url.lastPathComponent)
        }
        return PhotoResult(pixelWidth: AppFacts.photoWidth, pixelHeight: AppFacts.photoHeight)
    }

    func startRecording(to url: URL) async throws {
        guard isRunning else { throw CaptureError.notRunning }
        try recordingSlot.take(Take(url: url, startedAt: clock.now()))
        recordingEndedAt = nil
        do {
            try failIfAsked()
        } catch {
            recordingSlot.free()
            throw error
        }
    }

    /// Writes one movie frame for every fifteenth of a second recorded (at least one), each
    /// a later frame of the test card, into a side file moved into place when complete, so the
    /// gallery never sees half a movie.
    func stopRecording() async throws -> MovieResult {
        guard let recording = recordingSlot.free() else { throw CaptureError.notRunning }
        let endedAt: TimeInterval = recordingEndedAt ?? clock.now()
        recordingEndedAt = nil
        try failIfAsked()
        let fps: Int = AppFacts.movieFramesPerSecond
        let elapsed: TimeInterval = max(0, endedAt - recording.startedAt)
        let frames: Int = max(1, Int((elapsed * TimeInterval(fps)).rounded()))
        let firstFrame: Int = frameNumber(at: recording.startedAt)
        let step: Int = StandInFrame.previewFramesPerSecond / fps
        let partial: URL = recording.url.appendingPathExtension(AppFacts.partialFileExtension)
        do {
            var writer: any StandInMovieWriter = try encoding.movieWriter(
                url: partial, width: AppFacts.movieWidth, height: AppFacts.movieHeight, framesPerSecond: fps
            )
            for index in 0..<frames {
                let frame: StandInFrame = StandInFrame(
                    frameNumber: firstFrame + index * step, width: AppFacts.movieWidth, height: AppFacts.movieHeight
                )
                try await writer.append(frame.render())
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

    func attachSubjectPreview(_ preview: any CapturePreview, cameraID: String?, mirrored: Bool) async {
        subjectPreviewCalls.append((preview: ObjectIdentifier(preview), cameraID: cameraID, mirrored: mirrored))
    }

    private func failIfAsked() throws {
        if let failure = nextFailure {
            nextFailure = nil
            throw failure
        }
    }
}
