import Foundation

/// Every model type used away from the main actor. The compiler refuses this file if a type
/// loses its `nonisolated`; each result also checks the value it computed.
@concurrent
nonisolated func offActorChecks(folder: URL) async -> [OffActorResult] {
    var results: [OffActorResult] = []
    let fold: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 40, height: 635), isActive: true)
    results.append(OffActorResult("FoldFrame", fold.isVertical))
    let layout: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: fold)
    results.append(OffActorResult("StudioLayout", layout.preview.width == 455.5))
    results.append(OffActorResult("StudioLayout.Arrangement and Axis", layout.arrangement == .foldLeftRight && layout.controlsAxis == .vertical))
    results.append(OffActorResult("StudioControl", StudioControl.shutter.side == 76))
    results.append(OffActorResult("TimerSetting", TimerSetting.off.next == .threeSeconds))
    let clock: any StudioClock = SystemStudioClock()
    results.append(OffActorResult("StudioClock and SystemStudioClock", clock.now() >= 0))
    results.append(OffActorResult("Countdown", Countdown(seconds: 3, startedAt: 0).secondsLeft(at: 1) == 2))
    results.append(OffActorResult("RecordingClock", RecordingClock(startedAt: 0).text(at: 65) == "1:05"))
    results.append(OffActorResult("CaptureMode", CaptureMode.video.needsMicrophone))
    results.append(OffActorResult("MediaKind", MediaKind(rawValue: "audio") == .audio))
    results.append(OffActorResult("CameraAccess", CameraAccess.denied.offersOpenSettings))
    let size: Capture.PixelSize = Capture.PixelSize(width: 4, height: 3)
    let capture: Capture = Capture(id: UUID(), kind: .photo, createdAt: Date(timeIntervalSince1970: 5), pixelSize: size)
    results.append(OffActorResult("Capture, Capture.Kind and Capture.PixelSize", Capture.recovered(fromFileName: capture.fileName)?.id == capture.id))
    var library: CaptureLibrary = CaptureLibrary.open(folder: folder)
    try? Data([0]).write(to: library.url(for: capture))
    try? library.add(capture)
    results.append(OffActorResult("CaptureLibrary", CaptureLibrary.open(folder: folder).captures.count == 1))
    try? FileManager.default.removeItem(at: library.url(for: capture))
    let notes: [CaptureLibrary.Note] = CaptureLibrary.open(folder: folder).notes
    var failure: CaptureLibrary.Failure? = nil
    do {
        try library.delete(id: UUID())
    } catch {
        failure = error as? CaptureLibrary.Failure
    }
    results.append(OffActorResult("CaptureLibrary.Note and CaptureLibrary.Failure", notes == [.droppedMissingFiles(count: 1)] && failure == .unknownCapture))
    let indexData: Data = (try? IndexFile.encode([capture])) ?? Data()
    if case .current(let entries) = IndexFile.read(indexData) {
        results.append(OffActorResult("IndexFile", entries == [capture]))
    } else {
        results.append(OffActorResult("IndexFile", false))
    }
    let frame: StandInFrame = StandInFrame(frameNumber: 1, width: 64, height: 48)
    let image: RGBImage = frame.render()
    let firstBar: StandInFrame.Bar? = frame.bars.first
    results.append(OffActorResult("StandInFrame and StandInFrame.Bar", firstBar?.colour == StandInFrame.barColours[0]))
    results.append(OffActorResult("RGBImage and RGBPixel", image.pixel(x: 63, y: 47) == RGBPixel(0, 0, 191)))
    let map: CameraDirectionMap = CameraDirectionMap(forward: [.rearWide], backward: [])
    results.append(OffActorResult("CameraDescriptor, CameraKind, CameraPosition", CameraDescriptor.rearWide.kind == .rearWide && CameraDescriptor.rearWide.position == .back))
    results.append(OffActorResult("VideoCapability", CameraDescriptor.outerUltraWide.capability.covers(CameraDescriptor.virtualFront.capability)))
    results.append(OffActorResult("CameraDirectionMap and CameraFacing", map.facing(.rearWide) == .forward))
    results.append(OffActorResult("CameraIntent and CameraChoice", CameraChoice.camera(for: CameraIntent.rear.toggled, among: CameraDescriptor.duoCameras) == .virtualFront))
    results.append(OffActorResult("Mirroring", Mirroring.previewMirrored(camera: .rearWide, directions: map)))
    let phase: StudioPhase = .recording(RecordingClock(startedAt: 0))
    results.append(OffActorResult("StudioPhase", phase.name == "recording"))
    let display: SubjectDisplay = SubjectDisplay.make(phase: phase, camera: .rearWide, mirrored: true, at: 3)
    let picture: SubjectDisplay.Picture = display.picture
    let overlay: SubjectDisplay.Overlay = display.overlay
    results.append(OffActorResult("SubjectDisplay, its Picture and Overlay", picture == .camera(mirrored: true) && overlay == .recording("0:03")))
    let snapshot: StudioSnapshot = StudioSnapshot(
        mode: .photo, timer: .off, phase: .ready, secondsLeft: nil, recordingText: nil, intent: .rear,
        isStandIn: true, access: .allowed, subjectAvailable: false, subjectEnabled: true, captureCount: 0
    )
    results.append(OffActorResult("StudioSnapshot and TestMarker", MarkerText.fields(TestMarker.studio(snapshot))["phase"] == "ready"))
    results.append(OffActorResult("PreviewNotice and PreviewNotice.Action", PreviewNotice.make(for: .interrupted)?.title == "Paused" && PreviewNotice.Action.tryAgain.title == "Try Again"))
    results.append(OffActorResult("PreviewButton", PreviewButton.startCountdown.identifier == "studio.startCountdown" && PreviewButton.noticeAction.identifier == "studio.noticeAction"))
    results.append(OffActorResult("SessionPreset", CaptureMode.photo.sessionPreset.rawValue.isEmpty == false))
    results.append(OffActorResult("PhotoSizing", PhotoSizing.choose(from: [size]) == size))
    results.append(OffActorResult("AppFacts", AppFacts.capturesFolder(in: folder).lastPathComponent == "Captures"))
    results.append(OffActorResult("LaunchOptions", LaunchOptions(arguments: ["-timer", "3"]).timer == .threeSeconds))
    results.append(OffActorResult("LaunchSwitches", LaunchSwitches.boolean("YES") == true))

    // The model tests' own encoders, and the portable capture types.
    let jpeg: Data = JPEGEncoder().encode(image)
    results.append(OffActorResult("JPEGEncoder", MediaInspection.jpegFrame(jpeg)?.width == 64))
    results.append(OffActorResult("JPEGHuffmanTable", JPEGHuffmanTable.luminanceAC.symbols.count == 162))
    var bits: JPEGBitWriter = JPEGBitWriter(capacity: 4)
    bits.write(0xFF, length: 8)
    results.append(OffActorResult("JPEGBitWriter stuffs 0xFF", bits.bytes == [0xFF, 0x00]))
    var atom: AtomWriter = AtomWriter()
    atom.atom("free") { _ in }
    results.append(OffActorResult("AtomWriter", atom.bytes == [0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]))
    let configuration: CaptureConfiguration = CaptureConfiguration(camera: .rearWide, mode: .video, includesMicrophone: true)
    results.append(OffActorResult("CaptureConfiguration", configuration.mode == .video))
    results.append(OffActorResult("PhotoResult and MovieResult", PhotoResult(pixelWidth: 1, pixelHeight: 1) != PhotoResult(pixelWidth: 2, pixelHeight: 1) && MovieResult(pixelWidth: 1, pixelHeight: 1, frameCount: 1, duration: 1).frameCount == 1))
    results.append(OffActorResult("CaptureError, CaptureState, BackendEvent", CaptureState.failed(.busy) != .running && BackendEvent.interruptionBegan != .interruptionEnded && !CaptureError.busy.message.isEmpty))
    let movieURL: URL = folder.appendingPathComponent("off-actor.mov")
    do {
        var writer: any StandInMovieWriter = try MotionJPEGMovieWriter(url: movieURL, width: 64, height: 48, framesPerSecond: 15)
        try await writer.append(image)
        try await writer.finish()
        results.append(OffActorResult("StandInMovieWriter and MotionJPEGMovieWriter", MediaInspection.movie((try? Data(contentsOf: movieURL)) ?? Data())?.frameCount == 1))
    } catch {
        results.append(OffActorResult("StandInMovieWriter and MotionJPEGMovieWriter", false, "\(error)"))
    }
    let encoding: any StandInEncoding = PortableStandInEncoding()
    let encoded: Data? = try? encoding.photoData(for: image)
    results.append(OffActorResult("StandInEncoding and PortableStandInEncoding", MediaInspection.jpegFrame(encoded ?? Data())?.width == 64))
    let shot: OneShot<Int> = OneShot()
    shot.deliver(.success(1))
    results.append(OffActorResult("OneShot", (try? await shot.value()) == 1))
    var slot: CaptureSlot<Int> = CaptureSlot()
    try? slot.take(1)
    results.append(OffActorResult("CaptureSlot", slot.free() == 1 && !slot.isTaken))
    let backend: any CameraBackend = StandInBackend(encoding: PortableStandInEncoding())
    let service: CaptureService = CaptureService(backend: backend)
    let access: CameraAccess = await service.prepare(intent: .rear, mode: .photo)
    results.append(OffActorResult("CaptureService, CameraBackend and StandInBackend", access == .allowed))
    var writerFailure: MotionJPEGMovieWriter.Failure? = nil
    do {
        _ = try MotionJPEGMovieWriter(url: folder.appendingPathComponent("missing/x.mov"), width: 64, height: 48, framesPerSecond: 15)
    } catch {
        writerFailure = error as? MotionJPEGMovieWriter.Failure
    }
    results.append(OffActorResult("MotionJPEGMovieWriter.Failure", writerFailure == .couldNotCreate("x.mov")))
    return results
}
