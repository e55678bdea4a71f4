import Foundation
import Testing
@testable import __APP_NAME__

@Test("Launch switches and markers")
func launchChecks() {
    let all: LaunchOptions = LaunchOptions(arguments: ["-uiTesting", "-resetState", "-standIn", "-timer", "10", "-mode", "video", "-shutter"])
    #expect(all.uiTesting && all.resetState && all.standIn && all.shutter && all.timer == .tenSeconds && all.mode == .video, "every switch is read")
    #expect(LaunchOptions(arguments: ["-holdCountdown"]).holdCountdown && !all.holdCountdown, "-holdCountdown is read, and is off without it")
    #expect(LaunchOptions(arguments: []) == LaunchOptions(), "no switch, no change")
    let scheme: LaunchOptions = LaunchOptions(arguments: ["-standIn", "NO", "-uiTesting", "YES"])
    #expect(!scheme.standIn && scheme.uiTesting, "YES and NO after a switch, as Xcode's scheme editor writes them")
    let bad: LaunchOptions = LaunchOptions(arguments: ["-timer", "5"])
    #expect(bad.timer == nil && bad.problems.count == 1, "a bad timer is reported, not applied")
    let missing: LaunchOptions = LaunchOptions(arguments: ["-timer", "-mode", "video"])
    #expect(missing.mode == .video && missing.timer == nil, "a switch with its value missing does not swallow the next switch")
    let foreign: LaunchOptions = LaunchOptions(arguments: ["-NSDoubleLocalizedStrings", "YES", "-AppleLanguages", "(fr)"])
    #expect(foreign == LaunchOptions(), "arguments of the system are ignored")

    let snapshot: StudioSnapshot = StudioSnapshot(
        mode: .photo, timer: .tenSeconds, phase: .countingDown(Countdown(seconds: 10, startedAt: 0), then: .photo),
        secondsLeft: 7, recordingText: nil, intent: .rear, isStandIn: true, access: .allowed,
        subjectAvailable: true, subjectEnabled: true, captureCount: 2
    )
    #expect(TestMarker.studio(snapshot) == "mode=photo timer=10 phase=countdown countdown=7 camera=rear standIn=1 access=allowed subjectAvailable=1 subjectEnabled=1 captures=2", "the studio marker")
    let heldSnapshot: StudioSnapshot = StudioSnapshot(
        mode: .photo, timer: .threeSeconds, phase: .countingDown(.held(seconds: 3), then: .photo),
        secondsLeft: 3, recordingText: nil, intent: .rear, isStandIn: true, access: .allowed,
        subjectAvailable: false, subjectEnabled: true, captureCount: 0
    )
    #expect(MarkerText.fields(TestMarker.studio(heldSnapshot))["held"] == "1", "a held countdown says so in the marker")
    #expect(MarkerText.fields(TestMarker.studio(snapshot))["held"] == nil, "a running one does not")
    let movie: Capture = Capture(id: UUID(), kind: .movie, createdAt: Date(timeIntervalSince1970: 2), pixelSize: Capture.PixelSize(width: 640, height: 480), duration: 1, frameCount: 15)
    let photo: Capture = Capture(id: UUID(), kind: .photo, createdAt: Date(timeIntervalSince1970: 1), pixelSize: nil)
    #expect(TestMarker.gallery([movie, photo]) == "count=2 photos=1 movies=1 newest=movie size=640x480 frames=15 duration=1.00", "the gallery marker")
    #expect(TestMarker.gallery([]) == "count=0 photos=0 movies=0", "an empty gallery's marker")
    #expect(MarkerText.fields("a=1 b=x=y")["b"] == "x=y", "markers read back")
}
