#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import UIKit

/// The real camera: `CameraBackend` over one `AVCaptureSession`, configured and run on this actor.
///
/// `startRunning()` blocks until the camera starts, and configuration calls can take a while,
/// so they must never run on the main thread, nor hold a thread of Swift's shared pool: the
/// actor runs on a serial queue of its own, as Apple's AVCam sample does. The photographer's and
/// the subject's preview layers share this session (`previewSession`); each gets its own
/// rotation coordinator in `CameraPreviewLayer`. Every camera lookup is optional: the simulator
/// has no camera at all.
actor AVCameraBackend: CameraBackend {
    /// The session, for preview layers on the main actor. Only this actor configures it; the
    /// main actor only hands it to `AVCaptureVideoPreviewLayer`, which Apple allows.
    nonisolated struct PreviewSession: @unchecked Sendable {
        let session: AVCaptureSession
    }

    nonisolated let isStandIn = false
    nonisolated let events: AsyncStream<BackendEvent>
    nonisolated let previewSession: PreviewSession

    /// Every call on this actor runs here, one at a time.
    private let queue = DispatchSerialQueue(label: "CaptureSession")
    nonisolated var unownedExecutor: UnownedSerialExecutor {
        queue.asUnownedSerialExecutor()
    }

    private let session: AVCaptureSession
    private let eventSink: AsyncStream<BackendEvent>.Continuation
    private let photoOutput = AVCapturePhotoOutput()
    private let movieOutput = AVCaptureMovieFileOutput()
    private var videoInput: AVCaptureDeviceInput?
    private var audioInput: AVCaptureDeviceInput?
    /// Gives captures a level horizon; replaced on every camera switch, as Apple asks.
    private var captureRotation: AVCaptureDevice.RotationCoordinator?
    /// The photo under way. The photo output keeps only a weak reference to its delegate, so
    /// the slot holds it; it is freed however the photo ends.
    private var photoSlot = CaptureSlot<PhotoCaptureDelegate>()
    private var recordingSlot = CaptureSlot<MovieRecordingDelegate>()
    /// The photo size pinned on the photo output for the current camera and format.
    private var photoSize: CMVideoDimensions?

    /// Whether this device has any camera; false in the simulator.
    nonisolated var hasCamera: Bool {
        AVCaptureDevice.default(for: .video) != nil
    }

    init() {
        let session = AVCaptureSession()
        self.session = session
        previewSession = PreviewSession(session: session)
        let (events, eventSink) = AsyncStream.makeStream(of: BackendEvent.self)
        self.events = events
        self.eventSink = eventSink
        // The backend lives as long as the app, so its observers are never removed.
        Self.observeInterruptions(of: session, into: eventSink)
    }

    // MARK: - Cameras and access

    /// The rear wide camera, the front camera every app asks for (on iPhone Duo the virtual
    /// front camera that follows the app between displays), and on iOS 27.1 the two physical
    /// front cameras, which only a discovery session lists.
    func cameras() -> [CameraDescriptor] {
        var found: [CameraDescriptor] = []
        let rear = AVCaptureDevice.DiscoverySession(
            deviceTypes: [.builtInWideAngleCamera], mediaType: .video, position: .back).devices
        found += rear.map { Self.descriptor($0, as: .rearWide) }
        let front = AVCaptureDevice.DiscoverySession(
            deviceTypes: [.builtInWideAngleCamera, .builtInUltraWideCamera], mediaType: .video, position: .front).devices
        // On other iPhones this is the single front camera: still the one the front intent wants.
        found += front.prefix(1).map { Self.descriptor($0, as: .virtualFront) }
        if #available(iOS 27.1, *) {
            let physical = AVCaptureDevice.DiscoverySession(
                deviceTypes: [.builtInInnerUltraWideCamera, .builtInOuterUltraWideCamera],
                mediaType: .video, position: .front).devices
            for device in physical where !found.contains(where: { $0.uniqueID == device.uniqueID }) {
                let known: CameraDescriptor = device.deviceType == .builtInInnerUltraWideCamera
                    ? .innerUltraWide : .outerUltraWide
                found.append(Self.descriptor(device, as: known))
            }
        }
        return found
    }

    func access(for media: MediaKind) -> CameraAccess {
        if media == .video, !hasCamera {
            return .noCamera
        }
        switch AVCaptureDevice.authorizationStatus(for: Self.mediaType(media)) {
        case .authorized: return .allowed
        case .notDetermined: return .notAsked
        case .restricted: return .restricted
        case .denied: return .denied
        @unknown default: return .denied
        }
    }

    func requestAccess(for media: MediaKind) async -> Bool {
        await AVCaptureDevice.requestAccess(for: Self.mediaType(media))
    }

    // MARK: - Session

    /// Puts one camera in, the microphone in for video only, and the outputs the mode needs,
    /// in one configuration transaction.
    func configure(_ configuration: CaptureConfiguration) throws {
        session.beginConfiguration()
        defer { session.commitConfiguration() }

        // No multitasking camera access: since iOS 18 the system offers it only to an app with
        // the `voip` background mode or Apple's multitasking-camera-access entitlement
        // (AVCaptureSession.h), and turns it on by itself for the entitlement. This app has
        // neither, so beside another app the studio is paused and carries on afterwards.

        if videoInput?.device.uniqueID != configuration.camera.uniqueID {
            guard let device = AVCaptureDevice(uniqueID: configuration.camera.uniqueID) else {
                throw CaptureError.noCamera
            }
            let input: AVCaptureDeviceInput
            do {
                input = try AVCaptureDeviceInput(device: device)
            } catch {
                throw CaptureError.backend(error.localizedDescription)
            }
            if let videoInput {
                session.removeInput(videoInput)
            }
            guard session.canAddInput(input) else {
                if let videoInput {
                    session.addInput(videoInput)
                }
                throw CaptureError.backend("the session refused \(device.localizedName)")
            }
            session.addInput(input)
            videoInput = input
            captureRotation = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: nil)
        }

        if configuration.includesMicrophone, configuration.mode.needsMicrophone {
            if audioInput == nil, let microphone = AVCaptureDevice.default(for: .audio),
               let input = try? AVCaptureDeviceInput(device: microphone), session.canAddInput(input) {
                session.addInput(input)
                audioInput = input
            }
        } else if let audioInput {
            session.removeInput(audioInput)
            self.audioInput = nil
        }

        if !session.outputs.contains(photoOutput), session.canAddOutput(photoOutput) {
            session.addOutput(photoOutput)
        }
        let hasMovieOutput = session.outputs.contains(movieOutput)
        if configuration.mode == .video, !hasMovieOutput, session.canAddOutput(movieOutput) {
            session.addOutput(movieOutput)
        } else if configuration.mode == .photo, hasMovieOutput {
            session.removeOutput(movieOutput)
        }
        // `.photo` for photos, as Apple's AVCam does: the default `.high` runs a video format
        // (usually 16:9), whose largest photo is a crop of the sensor, not the 4:3 full-sensor
        // photo `PhotoSizing` picks. Set with the outputs in place, before the size is pinned,
        // since the preset chooses the camera's active format.
        let preset: AVCaptureSession.Preset = configuration.preset == .photo ? .photo : .high
        if session.sessionPreset != preset, session.canSetSessionPreset(preset) {
            session.sessionPreset = preset
        }
        pinPhotoSize()
    }

    func startRunning() throws {
        guard videoInput != nil else { throw CaptureError.noCamera }
        if !session.isRunning {
            session.startRunning()
        }
        guard session.isRunning else { throw CaptureError.notRunning }
    }

    func stopRunning() {
        if session.isRunning {
            session.stopRunning()
        }
    }

    // MARK: - Photo

    func takePhoto(to url: URL) async throws -> PhotoResult {
        guard session.isRunning else { throw CaptureError.notRunning }
        let delegate = PhotoCaptureDelegate()
        try photoSlot.take(delegate)
        // Freed whatever happens: a failed photo must not leave the shutter busy.
        defer { photoSlot.free() }
        prepareForCapture(photoOutput.connection(with: .video))
        photoOutput.capturePhoto(with: photoSettings(), delegate: delegate)
        let data = try await delegate.result.value()
        guard let image = UIImage(data: data) else {
            throw CaptureError.writeFailed(url.lastPathComponent)
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CaptureError.writeFailed(url.lastPathComponent)
        }
        return PhotoResult(pixelWidth: Int(image.size.width * image.scale),
                           pixelHeight: Int(image.size.height * image.scale))
    }

    // MARK: - Movie

    func startRecording(to url: URL) throws {
        guard session.isRunning, session.outputs.contains(movieOutput) else { throw CaptureError.notRunning }
        guard !movieOutput.isRecording else { throw CaptureError.busy }
        let delegate = MovieRecordingDelegate { [weak self] finished, file in
            Task { await self?.recordingFinished(finished, to: file) }
        }
        try recordingSlot.take(delegate)
        prepareForCapture(movieOutput.connection(with: .video))
        movieOutput.startRecording(to: url, recordingDelegate: delegate)
    }

    /// Ends the recording. The slot is freed first, so a recording that fails to finish never
    /// blocks the next one. The output is told to stop even if it does not yet report that it
    /// is recording (it starts asynchronously); otherwise the wait below could never end.
    func stopRecording() async throws -> MovieResult {
        guard let delegate = recordingSlot.free() else { throw CaptureError.notRunning }
        movieOutput.stopRecording()
        let url = try await delegate.finishedURL()
        return try await Self.describeMovie(at: url)
    }

    /// The movie output finished a recording. One still in the slot ended by itself (the disk
    /// filled up, or a length or size limit was reached): nobody asked it to stop, so the store
    /// hears of it, stops its clock and saves what was filmed. `stopRecording()` frees the slot
    /// before it asks, so a recording stopped on purpose is never reported here.
    private func recordingFinished(_ delegate: MovieRecordingDelegate, to file: URL) {
        if recordingSlot.item === delegate {
            eventSink.yield(.recordingEnded(file))
        }
    }

    // MARK: - The subject's preview

    /// The subject's preview layer was attached to the session when it was made, at launch;
    /// this points its rotation coordinator at the camera streaming now and sets its mirroring,
    /// on the main actor where the layer lives. It runs on every camera switch, even while the
    /// phone is closed and no subject view hosts the layer, so the layer never keeps following
    /// the camera it had when it was last on screen.
    func attachSubjectPreview(_ preview: any CapturePreview, cameraID: String?, mirrored: Bool) async {
        guard let layer = preview as? CameraPreviewLayer else { return }
        await layer.show(cameraID: cameraID, mirrored: mirrored)
    }

    // MARK: - Helpers

    /// Before each capture: a level horizon, and never mirrored, whichever camera it is (a
    /// front camera's connection may otherwise mirror by itself).
    private func prepareForCapture(_ connection: AVCaptureConnection?) {
        guard let connection else { return }
        if connection.isVideoMirroringSupported {
            connection.automaticallyAdjustsVideoMirroring = false
            connection.isVideoMirrored = Mirroring.capturesMirrored
        }
        if let captureRotation {
            let angle = captureRotation.videoRotationAngleForHorizonLevelCapture
            if connection.isVideoRotationAngleSupported(angle) {
                connection.videoRotationAngle = angle
            }
        }
    }

    /// Asks the photo output for the largest photo the current camera and format can make
    /// (the settings would otherwise default to the smallest). Only a size the format lists is
    /// allowed; anything else raises an exception, so the choice comes from that list.
    private func pinPhotoSize() {
        photoSize = nil
        guard let device = videoInput?.device, session.outputs.contains(photoOutput) else { return }
        let listed = device.activeFormat.supportedMaxPhotoDimensions.map {
            Capture.PixelSize(width: Int($0.width), height: Int($0.height))
        }
        guard let chosen = PhotoSizing.choose(from: listed),
              let match = device.activeFormat.supportedMaxPhotoDimensions.first(where: {
                  Int($0.width) == chosen.width && Int($0.height) == chosen.height
              }) else { return }
        photoOutput.maxPhotoDimensions = match
        photoSize = match
    }

    /// Fresh settings for each photo: JPEG, because the gallery names photos `.jpg` (some
    /// iPhones would otherwise choose HEIF), at the pinned size.
    private func photoSettings() -> AVCapturePhotoSettings {
        let settings = photoOutput.availablePhotoCodecTypes.contains(.jpeg)
            ? AVCapturePhotoSettings(format: [AVVideoCodecKey: AVVideoCodecType.jpeg])
            : AVCapturePhotoSettings()
        if let photoSize {
            settings.maxPhotoDimensions = photoSize
        }
        return settings
    }

    /// The figures the gallery records, read back from the finished file.
    private static func describeMovie(at url: URL) async throws -> MovieResult {
        let asset = AVURLAsset(url: url)
        do {
            let duration = try await asset.load(.duration)
            guard let track = try await asset.loadTracks(withMediaType: .video).first else {
                throw CaptureError.writeFailed(url.lastPathComponent)
            }
            let (size, transform, rate) = try await track.load(.naturalSize, .preferredTransform, .nominalFrameRate)
            let upright = size.applying(transform)
            let seconds = duration.seconds
            return MovieResult(pixelWidth: Int(abs(upright.width)), pixelHeight: Int(abs(upright.height)),
                               frameCount: Int((seconds * Double(rate)).rounded()), duration: seconds)
        } catch let error as CaptureError {
            throw error
        } catch {
            throw CaptureError.writeFailed(url.lastPathComponent)
        }
    }

    private static func mediaType(_ media: MediaKind) -> AVMediaType {
        media == .video ? .video : .audio
    }

    /// A device as values: its own id, name and position, with the kind and capabilities of the
    /// camera it plays in the model's catalogue of iPhone Duo's cameras.
    private static func descriptor(_ device: AVCaptureDevice, as known: CameraDescriptor) -> CameraDescriptor {
        let position: CameraPosition = switch device.position {
        case .front: .front
        case .back: .back
        default: .unspecified
        }
        return CameraDescriptor(uniqueID: device.uniqueID, name: device.localizedName, kind: known.kind,
                                position: position, isVirtual: device.isVirtualDevice, capability: known.capability)
    }

    /// Interruptions (a call, another app taking the camera in Split View) and runtime errors
    /// arrive as notifications; the store hears them as `BackendEvent`s.
    private static func observeInterruptions(of session: AVCaptureSession, into sink: AsyncStream<BackendEvent>.Continuation) {
        let center = NotificationCenter.default
        _ = center.addObserver(forName: AVCaptureSession.wasInterruptedNotification, object: session, queue: nil) { _ in
            sink.yield(.interruptionBegan)
        }
        _ = center.addObserver(forName: AVCaptureSession.interruptionEndedNotification, object: session, queue: nil) { _ in
            sink.yield(.interruptionEnded)
        }
        _ = center.addObserver(forName: AVCaptureSession.runtimeErrorNotification, object: session, queue: nil) { note in
            // A media services reset stops the session but can be recovered from by starting
            // it again; any other runtime error is shown to the photographer.
            if let error = note.userInfo?[AVCaptureSessionErrorKey] as? AVError, error.code == .mediaServicesWereReset {
                sink.yield(.mediaServicesReset)
            } else {
                let error = note.userInfo?[AVCaptureSessionErrorKey] as? NSError
                sink.yield(.runtimeError(error?.localizedDescription ?? "unknown error"))
            }
        }
    }
}
#endif
