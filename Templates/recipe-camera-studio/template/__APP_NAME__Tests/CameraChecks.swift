import Foundation
import Testing
@testable import __APP_NAME__

@Test("Camera access")
func accessChecks() {
    #expect(CameraAccess.allowed.previewMessage == nil, "allowed: the preview shows the picture, no message")
    let blocked: [CameraAccess] = [.notAsked, .denied, .restricted, .noCamera]
    #expect(blocked.allSatisfy { ($0.previewMessage ?? "").isEmpty == false }, "every other state says something")
    #expect(CameraAccess.allCases.filter(\.offersOpenSettings) == [.denied], "only a refusal offers Open Settings")
    #expect(CameraAccess.allCases.filter(\.canCapture) == [.allowed], "only allowed can capture")
    #expect(CameraAccess.denied.previewMessage != CameraAccess.restricted.previewMessage, "denied and restricted say different things")
    #expect(CameraAccess.standInMessage == "Stand-in camera", "the stand-in says so")
    #expect(CaptureMode.allCases.filter(\.needsMicrophone) == [.video], "only video needs the microphone")
    #expect([CaptureMode(argument: "photo"), CaptureMode(argument: "Video")] == [.photo, .video], "modes read from launch arguments")
}

@Test("Camera choice and mirroring")
func cameraChecks() {
    let duo: [CameraDescriptor] = CameraDescriptor.duoCameras
    #expect(CameraChoice.camera(for: .rear, among: duo)?.kind == .rearWide, "rear intent picks the rear wide camera")
    #expect(CameraChoice.camera(for: .front, among: duo)?.kind == .virtualFront, "front intent picks the virtual front camera")
    let physical: [CameraDescriptor] = [.rearWide, .innerUltraWide, .outerUltraWide]
    let openMap: CameraDirectionMap = CameraDirectionMap(forward: [.innerUltraWide], backward: [.outerUltraWide, .rearWide])
    #expect(CameraChoice.camera(for: .front, among: physical, directions: openMap)?.kind == .innerUltraWide, "without a virtual camera, front picks the camera facing the viewer")
    let closedMap: CameraDirectionMap = CameraDirectionMap(forward: [.outerUltraWide], backward: [.rearWide])
    #expect(CameraChoice.camera(for: .front, among: physical, directions: closedMap)?.kind == .outerUltraWide, "closed, that is the outer camera")
    #expect(CameraChoice.camera(for: .rear, among: []) == nil, "no cameras, no choice")

    #expect(CameraDescriptor.innerUltraWide.position == .front && CameraDescriptor.outerUltraWide.position == .front, "both front cameras report the front position")
    #expect([openMap.facing(.innerUltraWide), openMap.facing(.outerUltraWide), openMap.facing(.virtualFront)] == [.forward, .backward, .unknown], "facing follows the map")
    let flipped: CameraDirectionMap = CameraDirectionMap(forward: [.rearWide], backward: [.innerUltraWide])
    #expect(Mirroring.previewMirrored(camera: .rearWide, directions: flipped), "a rear camera facing the viewer is mirrored")
    #expect(!Mirroring.previewMirrored(camera: .innerUltraWide, directions: flipped), "a front camera facing away is not mirrored")
    #expect(!Mirroring.previewMirrored(camera: .rearWide, directions: openMap), "the rear camera facing away is not mirrored")
    #expect(Mirroring.previewMirrored(camera: .virtualFront, directions: openMap), "the virtual front camera (never in a map) is mirrored by position")
    #expect(Mirroring.subjectPreviewMirrored(camera: .rearWide), "the subject's preview of the rear camera is mirrored")
    let outerView: CameraDirectionMap = CameraDirectionMap(forward: [.rearWide, .outerUltraWide], backward: [.innerUltraWide])
    #expect(Mirroring.subjectPreviewMirrored(camera: .rearWide, outerDirections: outerView), "relative to the outer display the rear camera faces the subject: mirrored")
    #expect(!Mirroring.subjectPreviewMirrored(camera: .innerUltraWide, outerDirections: outerView), "relative to the outer display the inner camera faces away: not mirrored")
    let rearAway: CameraDirectionMap = CameraDirectionMap(forward: [.outerUltraWide], backward: [.rearWide])
    #expect(!Mirroring.subjectPreviewMirrored(camera: .rearWide, outerDirections: rearAway), "a rear camera facing away from the subject is not mirrored for the subject")
    #expect(!Mirroring.subjectPreviewMirrored(camera: .virtualFront), "without a map, a front camera's subject preview is not mirrored")
    #expect(Mirroring.subjectSeesPicture(camera: .rearWide) && !Mirroring.subjectSeesPicture(camera: .virtualFront), "the subject sees a picture only from the rear camera")
    let single: CameraDirectionMap = CameraDirectionMap.singleDisplay(duo)
    #expect(single.facing(.innerUltraWide) == .forward && single.facing(.rearWide) == .backward, "a single-display phone: front forward, back backward")
    #expect(single.facing(.virtualFront) == .unknown, "a single-display map, like the system's, never lists the virtual camera")

    let virtual: VideoCapability = CameraDescriptor.virtualFront.capability
    #expect(virtual.maxHeight == 1080 && virtual.maxFramesPerSecond == 60 && !virtual.supportsDepth, "virtual front camera: 1080p, 60 fps, no depth")
    #expect(CameraDescriptor.innerUltraWide.capability.covers(virtual) && CameraDescriptor.outerUltraWide.capability.covers(virtual), "each front camera can do all the virtual one can")
    #expect(!virtual.covers(CameraDescriptor.outerUltraWide.capability) && CameraDescriptor.outerUltraWide.capability.maxHeight == 2160, "the outer camera films 4K at 120 fps; the virtual one cannot")
    #expect(CameraDescriptor.innerUltraWide.capability.supportsDepth && !virtual.covers(CameraDescriptor.innerUltraWide.capability), "the inner camera has depth; the virtual one does not")
}
