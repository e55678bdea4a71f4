import Foundation

func accessChecks(_ c: Checker) {
    c.begin("Camera access")
    c.check("allowed: the preview shows the picture, no message", CameraAccess.allowed.previewMessage == nil)
    let blocked: [CameraAccess] = [.notAsked, .denied, .restricted, .noCamera]
    c.check("every other state says something", blocked.allSatisfy { ($0.previewMessage ?? "").isEmpty == false })
    c.equal("only a refusal offers Open Settings", CameraAccess.allCases.filter(\.offersOpenSettings), [.denied])
    c.equal("only allowed can capture", CameraAccess.allCases.filter(\.canCapture), [.allowed])
    c.check("denied and restricted say different things", CameraAccess.denied.previewMessage != CameraAccess.restricted.previewMessage)
    c.equal("the stand-in says so", CameraAccess.standInMessage, "Stand-in camera")
    c.equal("only video needs the microphone", CaptureMode.allCases.filter(\.needsMicrophone), [.video])
    c.equal("modes read from launch arguments", [CaptureMode(argument: "photo"), CaptureMode(argument: "Video")], [.photo, .video])
}

func cameraChecks(_ c: Checker) {
    c.begin("Camera choice and mirroring")
    let duo: [CameraDescriptor] = CameraDescriptor.duoCameras
    c.equal("rear intent picks the rear wide camera", CameraChoice.camera(for: .rear, among: duo)?.kind, .rearWide)
    c.equal("front intent picks the virtual front camera", CameraChoice.camera(for: .front, among: duo)?.kind, .virtualFront)
    let physical: [CameraDescriptor] = [.rearWide, .innerUltraWide, .outerUltraWide]
    let openMap: CameraDirectionMap = CameraDirectionMap(forward: [.innerUltraWide], backward: [.outerUltraWide, .rearWide])
    c.equal("without a virtual camera, front picks the camera facing the viewer", CameraChoice.camera(for: .front, among: physical, directions: openMap)?.kind, .innerUltraWide)
    let closedMap: CameraDirectionMap = CameraDirectionMap(forward: [.outerUltraWide], backward: [.rearWide])
    c.equal("closed, that is the outer camera", CameraChoice.camera(for: .front, among: physical, directions: closedMap)?.kind, .outerUltraWide)
    c.check("no cameras, no choice", CameraChoice.camera(for: .rear, among: []) == nil)

    c.check("both front cameras report the front position", CameraDescriptor.innerUltraWide.position == .front && CameraDescriptor.outerUltraWide.position == .front)
    c.equal("facing follows the map", [openMap.facing(.innerUltraWide), openMap.facing(.outerUltraWide), openMap.facing(.virtualFront)], [.forward, .backward, .unknown])
    let flipped: CameraDirectionMap = CameraDirectionMap(forward: [.rearWide], backward: [.innerUltraWide])
    c.check("a rear camera facing the viewer is mirrored", Mirroring.previewMirrored(camera: .rearWide, directions: flipped))
    c.check("a front camera facing away is not mirrored", !Mirroring.previewMirrored(camera: .innerUltraWide, directions: flipped))
    c.check("the rear camera facing away is not mirrored", !Mirroring.previewMirrored(camera: .rearWide, directions: openMap))
    c.check("the virtual front camera (never in a map) is mirrored by position", Mirroring.previewMirrored(camera: .virtualFront, directions: openMap))
    c.check("the subject's preview of the rear camera is mirrored", Mirroring.subjectPreviewMirrored(camera: .rearWide))
    let outerView: CameraDirectionMap = CameraDirectionMap(forward: [.rearWide, .outerUltraWide], backward: [.innerUltraWide])
    c.check("relative to the outer display the rear camera faces the subject: mirrored", Mirroring.subjectPreviewMirrored(camera: .rearWide, outerDirections: outerView))
    c.check("relative to the outer display the inner camera faces away: not mirrored", !Mirroring.subjectPreviewMirrored(camera: .innerUltraWide, outerDirections: outerView))
    let rearAway: CameraDirectionMap = CameraDirectionMap(forward: [.outerUltraWide], backward: [.rearWide])
    c.check("a rear camera facing away from the subject is not mirrored for the subject", !Mirroring.subjectPreviewMirrored(camera: .rearWide, outerDirections: rearAway))
    c.check("without a map, a front camera's subject preview is not mirrored", !Mirroring.subjectPreviewMirrored(camera: .virtualFront))
    c.check("the subject sees a picture only from the rear camera", Mirroring.subjectSeesPicture(camera: .rearWide) && !Mirroring.subjectSeesPicture(camera: .virtualFront))
    let single: CameraDirectionMap = CameraDirectionMap.singleDisplay(duo)
    c.check("a single-display phone: front forward, back backward", single.facing(.innerUltraWide) == .forward && single.facing(.rearWide) == .backward)
    c.equal("a single-display map, like the system's, never lists the virtual camera", single.facing(.virtualFront), .unknown)

    let virtual: VideoCapability = CameraDescriptor.virtualFront.capability
    c.check("virtual front camera: 1080p, 60 fps, no depth", virtual.maxHeight == 1080 && virtual.maxFramesPerSecond == 60 && !virtual.supportsDepth)
    c.check("each front camera can do all the virtual one can", CameraDescriptor.innerUltraWide.capability.covers(virtual) && CameraDescriptor.outerUltraWide.capability.covers(virtual))
    c.check("the outer camera films 4K at 120 fps; the virtual one cannot", !virtual.covers(CameraDescriptor.outerUltraWide.capability) && CameraDescriptor.outerUltraWide.capability.maxHeight == 2160)
    c.check("the inner camera has depth; the virtual one does not", CameraDescriptor.innerUltraWide.capability.supportsDepth && !virtual.covers(CameraDescriptor.innerUltraWide.capability))
}
