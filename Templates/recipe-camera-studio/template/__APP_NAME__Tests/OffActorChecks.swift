import Foundation
import Testing
@testable import __APP_NAME__

/// Every model type used away from the main actor. The compiler refuses this file if a type
/// loses its `nonisolated`; each expectation also checks the value it computed.
@Test("Off the main actor", .timeLimit(.minutes(3)))
@concurrent
nonisolated func offActorChecks() async {
    let folder: URL = await TestFolder.make("OffActor")
    let fold: FoldFrame = FoldFrame(frame: CGRect(x: 455.5, y: 0, width: 40, height: 635), isActive: true)
    #expect(fold.isVertical, "FoldFrame")
    let layout: StudioLayout = StudioLayout(size: CGSize(width: 867, height: 635), fold: fold)
    #expect(layout.preview.width == 455.5, "StudioLayout")
    #expect(layout.arrangement == .foldLeftRight && layout.controlsAxis == .vertical, "StudioLayout.Arrangement and Axis")
    #expect(StudioControl.shutter.side == 76, "StudioControl")
    #expect(TimerSetting.off.next == .threeSeconds, "TimerSetting")
    let clock: any StudioClock = SystemStudioClock()
    #expect(clock.now() >= 0, "StudioClock and SystemStudioClock")
    #expect(Countdown(seconds: 3, startedAt: 0).secondsLeft(at: 1) == 2, "Countdown")
    #expect(RecordingClock(startedAt: 0).text(at: 65) == "1:05", "RecordingClock")
    #expect(CaptureMode.video.needsMicrophone, "CaptureMode")
    #expect(MediaKind(rawValue: "audio") == .audio, "MediaKind")
    #expect(CameraAccess.denied.offersOpenSettings, "CameraAccess")
    let size: Capture.PixelSize = Capture.PixelSize(width: 4, height: 3)
    let capture: Capture = Capture(id: UUID(), kind: .photo, createdAt: Date(timeIntervalSince1970: 5), pixelSize: size)
    #expect(Capture.recovered(fromFileName: capture.fileName)?.id == capture.id, "Capture, Capture.Kind and Capture.PixelSize")
    var library: CaptureLibrary = CaptureLibrary.open(folder: folder)
    try? Data([0]).write(to: library.url(for: capture))
    try? library.add(capture)
    #expect(CaptureLibrary.open(folder: folder).captures.count == 1, "CaptureLibrary")
    try? FileManager.default.removeItem(at: library.url(for: capture))
    let notes: [CaptureLibrary.Note] = CaptureLibrary.open(folder: folder).notes
    var failure: CaptureLibrary.Failure? = nil
    do {
        try library.delete(id: UUID())
    } catch {
        failure = error as? CaptureLibrary.Failure
    }
    #expect(notes == [.droppedMissingFiles(count: 1)] && failure == .unknownCapture, "CaptureLibrary.Note and CaptureLibrary.Failure")
    let indexData: Data = (try? IndexFile.encode([capture])) ?? Data()
    if case .current(let entries) = IndexFile.read(indexData) {
        #expect(entries == [capture], "IndexFile")
    } else {
        Issue.record("IndexFile: the index just written does not read back as current")
    }
    let frame: StandInFrame = StandInFrame(frameNumber: 1, width: 64, height: 48)
    let image: RGBImage = frame.render()
    let firstBar: StandInFrame.Bar? = frame.bars.first
    #expect(firstBar?.colour == StandInFrame.barColours[0], "StandInFrame and StandInFrame.Bar")
    #expect(image.pixel(x: 63, y: 47) == RGBPixel(0, 0, 191), "RGBImage and RGBPixel")
    let map: CameraDirectionMap = CameraDirectionMap(forward: [.rearWide], backward: [])
    #expect(CameraDescriptor.rearWide.kind == .rearWide && CameraDescriptor.rearWide.position == .back, "CameraDescriptor, CameraKind, CameraPosition")
    #expect(CameraDescriptor.outerUltraWide.capability.covers(CameraDescriptor.virtualFront.capability), "VideoCapability")
    #expect(map.facing(.rearWide) == .forward, "CameraDirectionMap and CameraFacing")
    #expect(CameraChoice.camera(for: CameraIntent.rear.toggled, among: CameraDescriptor.duoCameras) == .virtualFront, "CameraIntent and CameraChoice")
    #expect(Mirroring.previewMirrored(camera: .rearWide, directions: map), "Mirroring")
    let phase: StudioPhase = .recording(RecordingClock(startedAt: 0))
    #expect(phase.name == "recording", "StudioPhase")
    let display: SubjectDisplay = SubjectDisplay.make(phase: phase, camera: .rearWide, mirrored: true, at: 3)
    let picture: SubjectDisplay.Picture = display.picture
    let overlay: SubjectDisplay.Overlay = display.overlay
    #expect(picture == .camera(mirrored: true) && overlay == .recording("0:03"), "SubjectDisplay, its Picture and Overlay")
    let snapshot: StudioSnapshot = StudioSnapshot(
        mode: .photo, timer: .off, phase: .ready, secondsLeft: nil, recordingText: nil, intent: .rear,
        isStandIn: true, access: .allowed, subjectAvailable: false, subjectEnabled: true, captureCount: 0
    )
    #expect(MarkerText.fields(TestMarker.studio(snapshot))["phase"] == "ready", "StudioSnapshot and TestMarker")
    #expect(PreviewNotice.make(for: .interrupted)?.title == "Paused" && PreviewNotice.Action.tryAgain.title == "Try Again", "PreviewNotice and PreviewNotice.Action")
    #expect(PreviewButton.startCountdown.identifier == "studio.startCountdown" && PreviewButton.noticeAction.identifier == "studio.noticeAction", "PreviewButton")
    #expect(CaptureMode.photo.sessionPreset.rawValue.isEmpty == false, "SessionPreset")
    #expect(PhotoSizing.choose(from: [size]) == size, "PhotoSizing")
    let unseen: StudioVisibility = StudioVisibility(scene: StudioVisibility.Scene.inactive, galleryShown: false)
    #expect(unseen.demand(in: .ready) == CameraDemand.stop, "StudioVisibility, its Scene and CameraDemand")
    #expect(AppFacts.capturesFolder(in: folder).lastPathComponent == "Captures", "AppFacts")
    #expect(LaunchOptions(arguments: ["-timer", "3"]).timer == .threeSeconds, "LaunchOptions")
    #expect(LaunchSwitches.boolean("YES") == true, "LaunchSwitches")

    // The model tests' own encoders, and the portable capture types.
    let jpeg: Data = JPEGEncoder().encode(image)
    #expect(MediaInspection.jpegFrame(jpeg)?.width == 64, "JPEGEncoder")
    #expect(JPEGHuffmanTable.luminanceAC.symbols.count == 162, "JPEGHuffmanTable")
    var bits: JPEGBitWriter = JPEGBitWriter(capacity: 4)
    bits.write(0xFF, length: 8)
    #expect(bits.bytes == [0xFF, 0x00], "JPEGBitWriter stuffs 0xFF")
    var atom: AtomWriter = AtomWriter()
    atom.atom("free") { _ in }
    #expect(atom.bytes == [0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65], "AtomWriter")
    let configuration: CaptureConfiguration = CaptureConfiguration(camera: .rearWide, mode: .video, includesMicrophone: true)
    #expect(configuration.mode == .video, "CaptureConfiguration")
    #expect(PhotoResult(pixelWidth: 1, pixelHeight: 1) != PhotoResult(pixelWidth: 2, pixelHeight: 1) && MovieResult(pixelWidth: 1, pixelHeight: 1, frameCount: 1, duration: 1).frameCount == 1, "PhotoResult and MovieResult")
    #expect(CaptureState.failed(.busy) != .running && BackendEvent.interruptionBegan != .interruptionEnded && !CaptureError.busy.message.isEmpty, "CaptureError, CaptureState, BackendEvent")
    let movieURL: URL = folder.appendingPathComponent("off-actor.mov")
    do {
        var writer: any StandInMovieWriter = try MotionJPEGMovieWriter(url: movieURL, width: 64, height: 48, framesPerSecond: 15)
        try await writer.append(image)
        try await writer.finish()
        #expect(MediaInspection.movie((try? Data(contentsOf: movieURL)) ?? Data())?.frameCount == 1, "StandInMovieWriter and MotionJPEGMovieWriter")
    } catch {
        Issue.record("StandInMovieWriter and MotionJPEGMovieWriter: \(error)")
    }
    let encoding: any StandInEncoding = PortableStandInEncoding()
    let encoded: Data? = try? encoding.photoData(for: image)
    #expect(MediaInspection.jpegFrame(encoded ?? Data())?.width == 64, "StandInEncoding and PortableStandInEncoding")
    let shot: OneShot<Int> = OneShot()
    shot.deliver(.success(1))
    #expect((try? await shot.value()) == 1, "OneShot")
    var slot: CaptureSlot<Int> = CaptureSlot()
    try? slot.take(1)
    #expect(slot.free() == 1 && !slot.isTaken, "CaptureSlot")
    let backend: any CameraBackend = StandInBackend(encoding: PortableStandInEncoding())
    let service: CaptureService = CaptureService(backend: backend)
    let access: CameraAccess = await service.prepare(intent: .rear, mode: .photo)
    #expect(access == .allowed, "CaptureService, CameraBackend and StandInBackend")
    var writerFailure: MotionJPEGMovieWriter.Failure? = nil
    do {
        _ = try MotionJPEGMovieWriter(url: folder.appendingPathComponent("missing/x.mov"), width: 64, height: 48, framesPerSecond: 15)
    } catch {
        writerFailure = error as? MotionJPEGMovieWriter.Failure
    }
    #expect(writerFailure == .couldNotCreate("x.mov"), "MotionJPEGMovieWriter.Failure")
}
