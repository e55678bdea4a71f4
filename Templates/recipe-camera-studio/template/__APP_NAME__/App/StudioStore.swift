import Foundation
import Observation

/// The studio's state, held above every layout switch so a countdown or a recording carries on
/// through every fold and unfold.
///
/// The root view owns one store; the studio screen, the gallery and the subject view on the
/// outer display all read it. The subject view keeps nothing of its own: the system builds a
/// new accessory scene each time the phone opens. The camera itself lives on `CaptureService`,
/// off the main actor; the store awaits its results.
///
/// User actions are plain methods. The shutter's work (countdown, capture, saving) runs in one
/// task, `work`, that tests can await with `waitForWork()`.
@Observable
final class StudioStore {
    @ObservationIgnored let service: CaptureService
    @ObservationIgnored let options: LaunchOptions
    @ObservationIgnored private let clock: any StudioClock
    @ObservationIgnored private var library: CaptureLibrary
    @ObservationIgnored private var work: Task<Void, Never>?
    @ObservationIgnored private var listener: Task<Void, Never>?
    @ObservationIgnored private var starting: Task<Void, Never>?
    /// Whether the photographer can see the studio (its scene, the gallery), and whether the
    /// camera was stopped for being unseen; `applyVisibility()` keeps the two in step.
    @ObservationIgnored private var visibility: StudioVisibility = StudioVisibility()
    @ObservationIgnored private var stoppedUnseen: Bool = false
    @ObservationIgnored private var pendingMovie: (id: UUID, createdAt: Date, url: URL)?
    /// The subject's preview on the outer display, once the app has one (real camera only).
    @ObservationIgnored private var subjectPreview: (any CapturePreview)?
    /// The cameras' directions relative to the photographer's display and to the subject's.
    @ObservationIgnored private var photographerDirections: CameraDirectionMap?
    @ObservationIgnored private var subjectDirections: CameraDirectionMap?

    private(set) var mode: CaptureMode
    private(set) var timer: TimerSetting
    private(set) var phase: StudioPhase = .starting
    private(set) var access: CameraAccess = .notAsked
    private(set) var intent: CameraIntent = .rear
    private(set) var camera: CameraDescriptor?
    /// Newest first.
    private(set) var captures: [Capture]
    private(set) var isPreviewMirrored: Bool = false
    private(set) var isSubjectPreviewMirrored: Bool = false
    /// The last thing that went wrong, for a short notice; nil when all is well.
    private(set) var message: String?
    /// The photographer's switch for the outer display (the accessory's `isEnabled`). On by default.
    var subjectViewEnabled: Bool = true
    /// Set only by the system, through `subjectAvailabilityChanged(_:)`.
    private(set) var subjectViewAvailable: Bool = false
    let isStandIn: Bool

    init(
        service: CaptureService,
        library: CaptureLibrary,
        clock: any StudioClock = SystemStudioClock(),
        options: LaunchOptions = LaunchOptions()
    ) {
        self.service = service
        self.options = options
        self.clock = clock
        var library: CaptureLibrary = library
        if options.resetState {
            try? library.removeAll()
        }
        self.library = library
        self.captures = library.captures
        self.mode = options.mode ?? .photo
        self.timer = options.timer ?? .off
        self.isStandIn = service.isStandIn
    }

    // MARK: - Starting and stopping

    /// Asks for the camera, starts it, listens for interruptions, and presses the shutter if
    /// launched with `-shutter`.
    ///
    /// Runs once. Every window shows this one store (iPad can open a second), and each
    /// window's studio asks to start: a later call waits for the first start to finish and
    /// starts nothing of its own.
    func start() async {
        if let starting {
            await starting.value
            return
        }
        let first: Task<Void, Never> = Task { await self.startOnce() }
        starting = first
        await first.value
    }

    private func startOnce() async {
        phase = .starting
        access = await service.prepare(intent: intent, mode: mode)
        await refreshCamera()
        await adoptServiceState()
        if listener == nil {
            let events: AsyncStream<BackendEvent> = service.events
            listener = Task { [weak self] in
                for await event in events {
                    await self?.handle(event)
                }
            }
        }
        // The gallery may have opened, or the scene left the screen (the permission prompt
        // makes it inactive), while the camera was starting: only now can it stop.
        await applyVisibility()
        if options.shutter, phase == .ready, visibility.isSeen {
            pressShutter()
        }
    }

    func stop() async {
        cancelCountdown()
        listener?.cancel()
        listener = nil
        starting = nil
        await service.stop()
    }

    /// The gallery opens over the studio or closes. While it covers the studio the camera is
    /// stopped (nobody sees the preview, and the camera and microphone should not run unseen);
    /// when it closes the camera starts again. The gallery opens only while the studio is not
    /// busy (`StudioControls`), so no countdown or recording is cut short.
    /// `window` names the window (iPad can open two, each with its own gallery).
    func galleryShown(_ shown: Bool, in window: String = StudioVisibility.mainWindow) async {
        visibility.setGalleryShown(shown, in: window)
        await applyVisibility()
    }

    /// The studio's window changed scene phase (`RootView`): inactive under Control Center, the
    /// app switcher or a system alert; in the background under another app or the lock. The
    /// camera follows `StudioVisibility.demand(in:)`.
    func sceneChanged(_ scene: StudioVisibility.Scene, in window: String = StudioVisibility.mainWindow) async {
        visibility.setScene(scene, in: window)
        await applyVisibility()
    }

    /// Whether the photographer can see the studio now.
    var isSeen: Bool {
        visibility.isSeen
    }

    /// Runs or stops the camera as `StudioVisibility` asks for the phase the studio is in. Asked
    /// again whenever the scene or the gallery changes, when a start ends and when a capture
    /// ends, so a camera left running for a capture stops once it is done.
    private func applyVisibility() async {
        switch visibility.demand(in: phase) {
        case .run:
            guard stoppedUnseen else { return }
            stoppedUnseen = false
            await service.resume()
            await adoptServiceState()
        case .stop:
            // A start under way stops when it ends (`startOnce`, `retry`). Stopping twice is
            // harmless: the service stops only a session that runs or waits to.
            guard phase != .starting else { return }
            stoppedUnseen = true
            await service.pause()
        case .endThenStop:
            cancelCountdown()
            if case .recording = phase {
                // Saved in the gallery, then asked again (`finishRecording`).
                await finishRecording()
            } else {
                await applyVisibility()
            }
        case .finishFirst:
            break
        }
    }

    /// "Try Again" after the camera stopped with an error: starts the session from the beginning.
    func retry() async {
        guard case .failed = phase else { return }
        message = nil
        phase = .starting
        access = await service.restart()
        await refreshCamera()
        await adoptServiceState()
        await applyVisibility()
    }

    // MARK: - Controls

    /// Off → 3 s → 10 s → off; fixed while a countdown runs.
    func cycleTimer() {
        if case .countingDown = phase {
            return
        }
        timer = timer.next
    }

    func setTimer(_ setting: TimerSetting) {
        if case .countingDown = phase {
            return
        }
        timer = setting
    }

    /// Photo or video; the microphone is asked for on the way to video.
    func setMode(_ newMode: CaptureMode) async {
        guard phase == .ready, newMode != mode else { return }
        do {
            try await service.setMode(newMode)
            mode = newMode
        } catch {
            report(error)
        }
    }

    func switchCamera() async {
        guard phase == .ready else { return }
        do {
            try await service.switchCamera()
            await refreshCamera()
        } catch {
            report(error)
        }
    }

    /// Photo: start the timer or take the photo. Video: start the timer or recording, or stop
    /// the recording. During a countdown: cancel it.
    func pressShutter() {
        switch phase {
        case .ready:
            message = nil
            let captureMode: CaptureMode = mode
            if timer == .off {
                work = Task { await self.begin(captureMode) }
                return
            }
            if options.holdCountdown {
                // Held until `releaseCountdown()`: nothing runs, so nothing can end it early.
                phase = .countingDown(.held(seconds: timer.seconds), then: captureMode)
                return
            }
            startCountdown(Countdown(seconds: timer.seconds, startedAt: clock.now()), then: captureMode)
        case .recording:
            work = Task { await self.finishRecording() }
        case .countingDown:
            cancelCountdown()
        default:
            break
        }
    }

    /// Lets a held countdown (`-holdCountdown`) run from now; anything else is left alone.
    func releaseCountdown() {
        guard case .countingDown(let countdown, let captureMode) = phase, countdown.isHeld else { return }
        startCountdown(countdown.released(at: clock.now()), then: captureMode)
    }

    var isCountdownHeld: Bool {
        guard case .countingDown(let countdown, _) = phase else { return false }
        return countdown.isHeld
    }

    private func startCountdown(_ countdown: Countdown, then captureMode: CaptureMode) {
        phase = .countingDown(countdown, then: captureMode)
        work = Task { await self.runCountdown(countdown, then: captureMode) }
    }

    func cancelCountdown() {
        guard case .countingDown = phase else { return }
        work?.cancel()
        phase = .ready
    }

    /// Awaits the shutter's current work: a countdown, a capture, saving.
    func waitForWork() async {
        await work?.value
    }

    // MARK: - Gallery

    func url(for capture: Capture) -> URL {
        library.url(for: capture)
    }

    func delete(_ capture: Capture) {
        do {
            try library.delete(id: capture.id)
        } catch {
            message = CaptureError.writeFailed(capture.fileName).message
        }
        captures = library.captures
    }

    // MARK: - The outer display

    /// From the accessory's `onAvailabilityChange`: whether the system can show the subject view.
    func subjectAvailabilityChanged(_ available: Bool) {
        subjectViewAvailable = available
    }

    /// The subject's preview layer, made once for the life of the app: the service attaches it
    /// to the session now and re-applies its mirroring whenever that changes.
    func attachSubjectPreview(_ preview: any CapturePreview) async {
        subjectPreview = preview
        await service.attachSubjectPreview(preview, mirrored: isSubjectPreviewMirrored)
    }

    /// A new direction map from the coordinator of the photographer's preview.
    func photographerDirectionsChanged(_ directions: CameraDirectionMap) async {
        photographerDirections = directions
        await updateDirections()
    }

    /// A new direction map from the coordinator of the subject's preview, on the outer display.
    func subjectDirectionsChanged(_ directions: CameraDirectionMap) async {
        subjectDirections = directions
        await updateDirections()
    }

    private func updateDirections() async {
        do {
            try await service.updateDirections(photographerDirections, outer: subjectDirections)
        } catch {
            report(error)
        }
        await refreshCamera()
    }

    /// What the subject sees now: their picture or "Look here", with the countdown or the time.
    var subjectDisplay: SubjectDisplay {
        SubjectDisplay.make(phase: phase, camera: camera, mirrored: isSubjectPreviewMirrored, at: clock.now())
    }

    // MARK: - What the screen shows

    var countdownSecondsLeft: Int? {
        guard case .countingDown(let countdown, _) = phase else { return nil }
        return countdown.secondsLeft(at: clock.now())
    }

    var recordingText: String? {
        guard case .recording(let recordingClock) = phase else { return nil }
        return recordingClock.text(at: clock.now())
    }

    /// What the preview says instead of (or over) a picture.
    var previewLabel: String? {
        if case .unavailable(let reason) = phase {
            return reason.previewMessage
        }
        return isStandIn ? CameraAccess.standInMessage : nil
    }

    /// What the preview says instead of a picture: the access message, "Paused", or why the
    /// camera stopped; nil while there is a live picture.
    var previewNotice: PreviewNotice? {
        PreviewNotice.make(for: phase)
    }

    var offersOpenSettings: Bool {
        if case .unavailable(let reason) = phase {
            return reason.offersOpenSettings
        }
        return false
    }

    var studioMarker: String {
        TestMarker.studio(StudioSnapshot(
            mode: mode, timer: timer, phase: phase, secondsLeft: countdownSecondsLeft, recordingText: recordingText,
            intent: intent, isStandIn: isStandIn, access: access, subjectAvailable: subjectViewAvailable,
            subjectEnabled: subjectViewEnabled, captureCount: captures.count
        ))
    }

    var galleryMarker: String {
        TestMarker.gallery(captures)
    }

    // MARK: - Events from the camera

    func handle(_ event: BackendEvent) async {
        switch event {
        case .interruptionBegan:
            cancelCountdown()
            let movie: MovieResult? = await service.interruptionBegan()
            if let movie {
                save(movie)
            }
            // A running session is paused, and so is one whose start the interruption kept from
            // running; any other keeps its own notice.
            if await service.state == .interrupted {
                phase = .interrupted
            }
        case .interruptionEnded:
            // Heard whatever the studio shows: an interruption in effect when the camera
            // started ends here too, after the start has already failed, and the session then
            // runs by itself.
            await service.interruptionEnded()
            switch phase {
            case .interrupted, .failed:
                await adoptServiceState()
            default:
                break
            }
        case .mediaServicesReset:
            cancelCountdown()
            let movie: MovieResult? = await service.mediaServicesReset()
            if let movie {
                save(movie)
            }
            pendingMovie = nil
            await adoptServiceState()
        case .recordingEnded(let url):
            // Nobody pressed Stop: the disk is full or a limit was reached. The recording is
            // over, so the clock stops and what was filmed goes into the gallery now. A report
            // that arrives after that recording was stopped and a new one began names another
            // file, and is ignored.
            if case .recording = phase, pendingMovie?.url.lastPathComponent == url.lastPathComponent {
                await finishRecording()
            }
        case .runtimeError(let detail):
            cancelCountdown()
            if case .recording = phase {
                await finishRecording()
            }
            await service.runtimeError(detail)
            phase = .failed(CaptureError.backend(detail).message)
        }
    }

    // MARK: - The shutter's work

    private func runCountdown(_ countdown: Countdown, then captureMode: CaptureMode) async {
        guard let deadline = countdown.deadline else { return }
        do {
            try await clock.sleep(until: deadline)
        } catch {
            return
        }
        guard !Task.isCancelled, phase == .countingDown(countdown, then: captureMode) else { return }
        await begin(captureMode)
    }

    private func begin(_ captureMode: CaptureMode) async {
        switch captureMode {
        case .photo:
            await takePhoto()
        case .video:
            await startRecording()
        }
    }

    private func takePhoto() async {
        phase = .takingPhoto
        let id: UUID = UUID()
        // The gallery's own record of when, in wall-clock time; the studio clock only measures spans.
        let createdAt: Date = Date()
        let url: URL = library.folder.appendingPathComponent(Capture.fileName(kind: .photo, id: id, createdAt: createdAt))
        do {
            let photo: PhotoResult = try await service.takePhoto(to: url)
            phase = .saving
            let size: Capture.PixelSize = Capture.PixelSize(width: photo.pixelWidth, height: photo.pixelHeight)
            try library.add(Capture(id: id, kind: .photo, createdAt: createdAt, pixelSize: size))
        } catch {
            report(error)
        }
        captures = library.captures
        if phase == .takingPhoto || phase == .saving {
            phase = .ready
        }
        await applyVisibility()
    }

    private func startRecording() async {
        let id: UUID = UUID()
        // The gallery's own record of when, in wall-clock time; the studio clock only measures spans.
        let createdAt: Date = Date()
        let url: URL = library.folder.appendingPathComponent(Capture.fileName(kind: .movie, id: id, createdAt: createdAt))
        do {
            try await service.startRecording(to: url)
            pendingMovie = (id: id, createdAt: createdAt, url: url)
            phase = .recording(RecordingClock(startedAt: clock.now()))
        } catch {
            report(error)
            phase = .ready
        }
        // The scene may have changed while the recording was starting.
        await applyVisibility()
    }

    private func finishRecording() async {
        phase = .saving
        do {
            let movie: MovieResult = try await service.stopRecording()
            save(movie)
        } catch {
            pendingMovie = nil
            report(error)
        }
        if phase == .saving {
            phase = .ready
        }
        await applyVisibility()
    }

    private func save(_ movie: MovieResult) {
        guard let pending = pendingMovie else { return }
        pendingMovie = nil
        let size: Capture.PixelSize = Capture.PixelSize(width: movie.pixelWidth, height: movie.pixelHeight)
        let capture: Capture = Capture(
            id: pending.id, kind: .movie, createdAt: pending.createdAt, pixelSize: size,
            duration: movie.duration, frameCount: movie.frameCount
        )
        do {
            try library.add(capture)
        } catch {
            report(error)
        }
        captures = library.captures
    }

    private func refreshCamera() async {
        camera = await service.camera
        intent = await service.intent
        isPreviewMirrored = await service.isPreviewMirrored
        isSubjectPreviewMirrored = await service.isSubjectPreviewMirrored
        if let subjectPreview {
            await service.attachSubjectPreview(subjectPreview, mirrored: isSubjectPreviewMirrored)
        }
    }

    /// The phase that matches the session's state after starting or recovering.
    private func adoptServiceState() async {
        // Stopped on purpose while unseen: being seen again adopts the state it starts in.
        guard !stoppedUnseen else { return }
        switch await service.state {
        case .running:
            phase = .ready
        case .unavailable(let reason):
            phase = .unavailable(reason)
        case .failed(let error):
            phase = .failed(error.message)
        case .interrupted:
            phase = .interrupted
        case .idle, .recording:
            phase = .failed(CaptureError.notRunning.message)
        }
    }

    private func report(_ error: any Error) {
        if let captureError = error as? CaptureError {
            message = captureError.message
        } else if let libraryError = error as? CaptureLibrary.Failure, case .couldNotWrite(let name) = libraryError {
            message = CaptureError.writeFailed(name).message
        } else {
            message = String(describing: error)
        }
    }
}
