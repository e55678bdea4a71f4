import Foundation

/// The capture session's owner: every decision about the camera runs here, off the main actor.
///
/// It decides which camera serves the intent, asks for access (the microphone only for video),
/// configures and starts the backend, and guards each call with the session's state: a photo
/// only while running in photo mode, a recording only in video mode, no camera switch while
/// recording. Results come back as the return values of async calls. It also owns the subject
/// preview's mirroring (`attachSubjectPreview(_:mirrored:)`) and brings the session back after
/// an interruption ends or the system's media services restart.
actor CaptureService {
    nonisolated let backend: any CameraBackend

    private(set) var state: CaptureState = .idle
    private(set) var camera: CameraDescriptor?
    private(set) var mode: CaptureMode = .photo
    private(set) var intent: CameraIntent = .rear
    private(set) var microphoneAccess: CameraAccess = .notAsked
    /// Relative to the photographer's display, and to the outer display (the subject's).
    private var directions: CameraDirectionMap?
    private var outerDirections: CameraDirectionMap?
    private var cameras: [CameraDescriptor] = []
    private var isRecording: Bool = false
    /// The session was set up and asked to start, but did not run. An interruption already in
    /// effect does that (another app holds the camera, or the app shares the screen with one that
    /// does); AVFoundation starts the session by itself once the interruption ends, so the start
    /// is still wanted until then, and an interruption that begins now pauses it.
    private var awaitsStart: Bool = false
    /// Stopped on purpose while the gallery covers the studio; `resume()` starts it again.
    private var isPaused: Bool = false
    /// The subject's preview, with the camera and the mirroring last applied to it.
    private var subjectPreview: (preview: any CapturePreview, cameraID: String?, mirrored: Bool)?

    init(backend: any CameraBackend) {
        self.backend = backend
    }

    nonisolated var isStandIn: Bool {
        backend.isStandIn
    }

    /// Whether a real camera stands behind this service: false in the simulator (it has none)
    /// and for the stand-in, so the app knows to use the stand-in.
    nonisolated var hasCamera: Bool {
        backend.hasCamera
    }

    /// Interruptions and runtime errors from the camera, for the store to act on.
    nonisolated var events: AsyncStream<BackendEvent> {
        backend.events
    }

    /// Whether the photographer's preview is shown as a mirror.
    var isPreviewMirrored: Bool {
        guard let camera else { return false }
        return Mirroring.previewMirrored(camera: camera, directions: directions)
    }

    /// Whether the subject's preview on the outer display is shown as a mirror.
    var isSubjectPreviewMirrored: Bool {
        guard let camera else { return false }
        return Mirroring.subjectPreviewMirrored(camera: camera, outerDirections: outerDirections)
    }

    // MARK: - Setting up

    /// Asks for the camera if nobody has yet, picks the camera for `intent`, configures and
    /// starts the session. Returns the access, so the preview can say why there is no picture.
    func prepare(intent: CameraIntent, mode: CaptureMode) async -> CameraAccess {
        self.intent = intent
        self.mode = mode
        cameras = await backend.cameras()
        if cameras.isEmpty {
            state = .unavailable(.noCamera)
            return .noCamera
        }
        var access: CameraAccess = await backend.access(for: .video)
        if access == .notAsked {
            access = await backend.requestAccess(for: .video) ? .allowed : .denied
        }
        guard access == .allowed else {
            state = .unavailable(access)
            return access
        }
        do {
            try await reconfigure()
        } catch {
            state = .failed(CaptureService.captureError(error))
            return .allowed
        }
        await startSession()
        return .allowed
    }

    /// Switches between photo and video; the microphone is asked for on the way to video only.
    /// A switch the session refuses leaves the mode as it was, on the session as here, so the
    /// shutter still works in the old mode instead of being refused as busy in both.
    func setMode(_ newMode: CaptureMode) async throws {
        guard !isRecording else { throw CaptureError.busy }
        let previous: CaptureMode = mode
        mode = newMode
        do {
            try await reconfigureIfRunning()
        } catch {
            mode = previous
            try? await reconfigureIfRunning()
            throw error
        }
    }

    /// Toggles between the rear camera and the front camera.
    @discardableResult
    func switchCamera() async throws -> CameraDescriptor {
        guard !isRecording else { throw CaptureError.busy }
        guard let next = CameraChoice.camera(for: intent.toggled, among: cameras, directions: directions) else {
            throw CaptureError.noCamera
        }
        let previous: (intent: CameraIntent, camera: CameraDescriptor?) = (intent, camera)
        intent = intent.toggled
        camera = next
        do {
            try await reconfigureIfRunning()
        } catch {
            // As with the mode: a refused switch keeps the camera that is still streaming.
            (intent, camera) = previous
            try? await reconfigureIfRunning()
            throw error
        }
        return next
    }

    /// New directions from the direction coordinators (one per display). Mirroring follows
    /// them, and a front intent follows the camera that now faces the photographer.
    func updateDirections(_ map: CameraDirectionMap?, outer: CameraDirectionMap?) async throws {
        directions = map
        outerDirections = outer
        let wanted: CameraDescriptor? = CameraChoice.camera(for: intent, among: cameras, directions: map)
        if let wanted, wanted != camera, !isRecording {
            try await reconfigureIfRunning()
        }
    }

    /// Shows the session's picture in the subject's preview on the outer display, mirrored or
    /// not. The preview is made once for the life of the app and attached here once; asking
    /// again with the same preview, camera and mirroring does nothing, so opening the phone
    /// (which builds a new subject view each time) never touches the session, even
    /// mid-recording. Every camera change attaches it again by itself (`reconfigure()`), with
    /// the new camera: the subject's view may be off screen then (the phone closed), and its
    /// layer must not go on following the camera it had.
    func attachSubjectPreview(_ preview: any CapturePreview, mirrored: Bool) async {
        let cameraID: String? = camera?.uniqueID
        if let current = subjectPreview, current.preview === preview, current.cameraID == cameraID,
           current.mirrored == mirrored {
            return
        }
        subjectPreview = (preview: preview, cameraID: cameraID, mirrored: mirrored)
        await backend.attachSubjectPreview(preview, cameraID: cameraID, mirrored: mirrored)
    }

    // MARK: - Capturing

    func takePhoto(to url: URL) async throws -> PhotoResult {
        try requireRunning()
        guard mode == .photo, !isRecording else { throw CaptureError.busy }
        do {
            return try await backend.takePhoto(to: url)
        } catch {
            throw CaptureService.captureError(error)
        }
    }

    func startRecording(to url: URL) async throws {
        try requireRunning()
        guard mode == .video, !isRecording else { throw CaptureError.busy }
        do {
            try await backend.startRecording(to: url)
        } catch {
            throw CaptureService.captureError(error)
        }
        isRecording = true
        state = .recording
    }

    /// Ends the recording; allowed while interrupted, so what was filmed is kept.
    func stopRecording() async throws -> MovieResult {
        guard isRecording else { throw CaptureError.notRunning }
        isRecording = false
        if state == .recording {
            state = .running
        }
        do {
            return try await backend.stopRecording()
        } catch {
            throw CaptureService.captureError(error)
        }
    }

    // MARK: - Out of sight

    /// Stops a running (or interrupted, or waiting) session while the studio is out of sight, so
    /// the camera and the microphone never run unseen, with the privacy indicator on and the
    /// battery draining. Never during a recording; the gallery cannot open then.
    func pause() async {
        guard !isRecording, state == .running || state == .interrupted || awaitsStart else { return }
        await backend.stopRunning()
        awaitsStart = false
        state = .idle
        isPaused = true
    }

    /// Starts a session `pause()` stopped; anything else stays as it is.
    func resume() async {
        guard isPaused else { return }
        isPaused = false
        await startSession()
    }

    // MARK: - Interruptions and errors

    /// The system took the camera. A recording under way is ended and returned, so the store
    /// can keep it in the gallery.
    func interruptionBegan() async -> MovieResult? {
        var movie: MovieResult? = nil
        if isRecording {
            movie = try? await stopRecording()
        }
        if state == .running || awaitsStart {
            state = .interrupted
        }
        return movie
    }

    /// The camera is free again. AVFoundation restarts a session it interrupted by itself,
    /// including one asked to start while the interruption was already in effect (whose start
    /// failed); the service starts it too (starting a running session does nothing), so the
    /// studio never stays stopped over a session that runs.
    func interruptionEnded() async {
        guard state == .interrupted || awaitsStart else { return }
        await startSession()
    }

    /// The system's media services restarted, which stops the session. A recording under way
    /// is ended (what was written is returned, if anything), and a session that was running or
    /// paused is started again, as Apple's camera sample does.
    func mediaServicesReset() async -> MovieResult? {
        var movie: MovieResult? = nil
        if isRecording {
            movie = try? await stopRecording()
        }
        guard state == .running || state == .interrupted || awaitsStart else { return movie }
        await startSession()
        return movie
    }

    /// Starts again from the beginning after a failure: stops what is left of the session, then
    /// prepares it as at launch. Returns the camera access, as `prepare` does.
    func restart() async -> CameraAccess {
        if isRecording {
            _ = try? await stopRecording()
        }
        await backend.stopRunning()
        state = .idle
        awaitsStart = false
        return await prepare(intent: intent, mode: mode)
    }

    func runtimeError(_ detail: String) async {
        if isRecording {
            _ = try? await stopRecording()
        }
        // Not an interruption: only Try Again starts the session after this.
        awaitsStart = false
        state = .failed(.backend(detail))
    }

    /// Stops the session, for when the studio goes away.
    func stop() async {
        if isRecording {
            _ = try? await stopRecording()
        }
        await backend.stopRunning()
        awaitsStart = false
        if state == .running || state == .interrupted {
            state = .idle
        }
    }

    // MARK: - Helpers

    /// Starts the session; one that does not run is remembered as still to start (`awaitsStart`).
    private func startSession() async {
        do {
            try await backend.startRunning()
            awaitsStart = false
            state = .running
        } catch {
            awaitsStart = true
            state = .failed(CaptureService.captureError(error))
        }
    }

    private func requireRunning() throws {
        switch state {
        case .running, .recording:
            return
        case .unavailable(.noCamera):
            throw CaptureError.noCamera
        case .unavailable:
            throw CaptureError.permissionDenied
        case .interrupted:
            throw CaptureError.interrupted
        case .idle, .failed:
            throw CaptureError.notRunning
        }
    }

    private func reconfigureIfRunning() async throws {
        if state == .running || state == .interrupted {
            try await reconfigure()
        }
    }

    /// Sets the session up for the intent and mode. `camera` becomes the chosen camera only once
    /// the backend has taken it: a configuration it refuses leaves the camera that still streams.
    private func reconfigure() async throws {
        guard let chosen = CameraChoice.camera(for: intent, among: cameras, directions: directions) else {
            throw CaptureError.noCamera
        }
        var withSound: Bool = false
        if mode.needsMicrophone {
            if microphoneAccess == .notAsked {
                microphoneAccess = await backend.access(for: .audio)
            }
            if microphoneAccess == .notAsked {
                microphoneAccess = await backend.requestAccess(for: .audio) ? .allowed : .denied
            }
            withSound = microphoneAccess == .allowed
        }
        do {
            try await backend.configure(CaptureConfiguration(camera: chosen, mode: mode, includesMicrophone: withSound))
        } catch {
            throw CaptureService.captureError(error)
        }
        camera = chosen
        if let subjectPreview {
            await attachSubjectPreview(subjectPreview.preview, mirrored: isSubjectPreviewMirrored)
        }
    }

    private static func captureError(_ error: any Error) -> CaptureError {
        (error as? CaptureError) ?? .backend(String(describing: error))
    }
}
