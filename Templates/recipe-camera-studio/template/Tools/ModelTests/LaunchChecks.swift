import Foundation

func launchChecks(_ c: Checker) {
    c.begin("Launch switches and markers")
    let all: LaunchOptions = LaunchOptions(arguments: ["-uiTesting", "-resetState", "-standIn", "-timer", "10", "-mode", "video", "-shutter"])
    c.check("every switch is read", all.uiTesting && all.resetState && all.standIn && all.shutter && all.timer == .tenSeconds && all.mode == .video)
    c.check("-holdCountdown is read, and is off without it", LaunchOptions(arguments: ["-holdCountdown"]).holdCountdown && !all.holdCountdown)
    c.equal("no switch, no change", LaunchOptions(arguments: []), LaunchOptions())
    let scheme: LaunchOptions = LaunchOptions(arguments: ["-standIn", "NO", "-uiTesting", "YES"])
    c.check("YES and NO after a switch, as Xcode's scheme editor writes them", !scheme.standIn && scheme.uiTesting)
    let bad: LaunchOptions = LaunchOptions(arguments: ["-timer", "5"])
    c.check("a bad timer is reported, not applied", bad.timer == nil && bad.problems.count == 1)
    let missing: LaunchOptions = LaunchOptions(arguments: ["-timer", "-mode", "video"])
    c.check("a switch with its value missing does not swallow the next switch", missing.mode == .video && missing.timer == nil)
    let foreign: LaunchOptions = LaunchOptions(arguments: ["-NSDoubleLocalizedStrings", "YES", "-AppleLanguages", "(fr)"])
    c.equal("arguments of the system are ignored", foreign, LaunchOptions())

    let snapshot: StudioSnapshot = StudioSnapshot(
        mode: .photo, timer: .tenSeconds, phase: .countingDown(Countdown(seconds: 10, startedAt: 0), then: .photo),
        secondsLeft: 7, recordingText: nil, intent: .rear, isStandIn: true, access: .allowed,
        subjectAvailable: true, subjectEnabled: true, captureCount: 2
    )
    c.equal("the studio marker", TestMarker.studio(snapshot), "mode=photo timer=10 phase=countdown countdown=7 camera=rear standIn=1 access=allowed subjectAvailable=1 subjectEnabled=1 captures=2")
    let heldSnapshot: StudioSnapshot = StudioSnapshot(
        mode: .photo, timer: .threeSeconds, phase: .countingDown(.held(seconds: 3), then: .photo),
        secondsLeft: 3, recordingText: nil, intent: .rear, isStandIn: true, access: .allowed,
        subjectAvailable: false, subjectEnabled: true, captureCount: 0
    )
    c.equal("a held countdown says so in the marker", MarkerText.fields(TestMarker.studio(heldSnapshot))["held"], "1")
    c.equal("a running one does not", MarkerText.fields(TestMarker.studio(snapshot))["held"], nil)
    let movie: Capture = Capture(id: UUID(), kind: .movie, createdAt: Date(timeIntervalSince1970: 2), pixelSize: Capture.PixelSize(width: 640, height: 480), duration: 1, frameCount: 15)
    let photo: Capture = Capture(id: UUID(), kind: .photo, createdAt: Date(timeIntervalSince1970: 1), pixelSize: nil)
    c.equal("the gallery marker", TestMarker.gallery([movie, photo]), "count=2 photos=1 movies=1 newest=movie size=640x480 frames=15 duration=1.00")
    c.equal("an empty gallery's marker", TestMarker.gallery([]), "count=0 photos=0 movies=0")
    c.equal("markers read back", MarkerText.fields("a=1 b=x=y")["b"], "x=y")
}
