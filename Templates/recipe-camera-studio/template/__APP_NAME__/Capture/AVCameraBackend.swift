#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
@preconcurrency import AVFoundation
import UIKit

/// The real camera: `CameraBackend` over one `AVCaptureSession`, configured and run on this actor.
///
/// `startRunning()` blocks until the camera starts, so it must never run on the main thread;
/// as an actor, every session call here runs off it. The photographer's and the subject's
/// preview layers share this session (`previewSession`); each gets its own rotation coordinator
/// in `CameraPreview`. Every camera lookup is optional: the simulator has no camera at all.
actor AVCameraBackend: CameraBackend {
    /// The session, for preview layers on the main actor. Only this actor configures it; the
    /// main actor only hands it to `AVCaptureVideoPreviewLayer`, which Apple allows.
    nonisolated struct PreviewSession: @unchecked Sendable {
        let session: AVCaptureSession
    }

    nonisolated let isStandIn = false
    nonisolated let events: AsyncStream<BackendEvent>
    nonisolated let previewSession: PreviewSession

    private let session: AVCaptureSession
    private let eventSink: AsyncStream<BackendEvent>.Continuation
    private let photoOutput = AVCapturePhotoOutput()
    private let movieOutput = AVCaptureMovieFileOutput()
    private var videoInput: AVCaptureDeviceInput?
    private var audioInput: AVCaptureDeviceInput?
    /// Gives captures a level horizon; replaced on every camera switch, as Apple asks.
    private var captureRotation: AVCaptureDevice.RotationCoordinator?
    /// The photo output keeps only a weak reference to its delegate.
    private var photoDelegate: PhotoCaptureDelegate?
    private var recording: MovieRecordingDelegate?

    /// Whether this device has any camera; false in the simulator.
    nonisolated static var hasCamera: Bool {
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
        if media == .video, !Self.hasCamera {
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
        guard photoDelegate == nil else { throw CaptureError.busy }
        levelHorizon(of: photoOutput.connection(with: .video))
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            let delegate = PhotoCaptureDelegate(continuation: continuation)
            photoDelegate = delegate
            photoOutput.capturePhoto(with: AVCapturePhotoSettings(), delegate: delegate)
        }
        photoDelegate = nil
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
        guard recording == nil, !movieOutput.isRecording else { throw CaptureError.busy }
        levelHorizon(of: movieOutput.connection(with: .video))
        let delegate = MovieRecordingDelegate()
        recording = delegate
        movieOutput.startRecording(to: url, recordingDelegate: delegate)
    }

    func stopRecording() async throws -> MovieResult {
        guard let delegate = recording else { throw CaptureError.notRunning }
        if movieOutput.isRecording {
            movieOutput.stopRecording()
        }
        defer { recording = nil }
        let url = try await delegate.finishedURL()
        return try await Self.describeMovie(at: url)
    }

    // MARK: - Helpers

    /// Turns an output's picture so the horizon is level, if the connection can.
    private func levelHorizon(of connection: AVCaptureConnection?) {
        guard let connection, let captureRotation else { return }
        let angle = captureRotation.videoRotationAngleForHorizonLevelCapture
        if connection.isVideoRotationAngleSupported(angle) {
            connection.videoRotationAngle = angle
        }
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
            let error = note.userInfo?[AVCaptureSessionErrorKey] as? NSError
            sink.yield(.runtimeError(error?.localizedDescription ?? "unknown error"))
        }
    }
}
#endif
