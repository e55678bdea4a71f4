import Foundation
import Testing
@testable import __APP_NAME__

/// The app's privacy story holds: no networking beyond the player's own streaming, no
/// tracking, and the one required-reason API it uses (UserDefaults, for resume points) sits in
/// one file and is declared in the privacy manifest. The Info.plist asks for background audio
/// and one window.
@Test("Privacy: the app's sources")
func privacyInSources() {
    let appFolder: URL = ProjectFolder.app
    let scan: (files: Int, findings: [PrivacyScan.Finding]) = PrivacyScan.scan(folder: appFolder)
    #expect(scan.files >= 20, "the scan reads the app's Swift files — \(scan.files) files in \(appFolder.lastPathComponent)")
    let allowed: (PrivacyScan.Finding) -> Bool = { finding in
        finding.category == "required-reason API" && finding.file == "Model/PlayerDefaults.swift" && finding.match == "UserDefaults"
    }
    for category in PrivacyScan.categories.map(\.name) {
        let inApp: [PrivacyScan.Finding] = scan.findings.filter { $0.category == category && !allowed($0) }
        #expect(inApp.isEmpty, "no \(category) in the app\(category == "required-reason API" ? " but UserDefaults in PlayerDefaults.swift" : "") — \(inApp.map { "\($0.file):\($0.line) \($0.match)" }.joined(separator: "; "))")
    }
    #expect(scan.findings.contains(where: allowed), "UserDefaults is used, in PlayerDefaults.swift alone (so the manifest's reason covers it)")
    let planted: [PrivacyScan.Finding] = PrivacyScan.scan(text: "let d = UserDefaults.standard\n@AppStorage(\"x\") var x = 1", file: "Library/Planted.swift")
    #expect(planted.count == 2 && !planted.contains(where: allowed), "the scan would catch UserDefaults or @AppStorage anywhere else")
}

@Test("Privacy: the privacy manifest")
func privacyManifest() {
    let appFolder: URL = ProjectFolder.app
    let manifest: [String: Any] = readPropertyList(appFolder.appendingPathComponent("PrivacyInfo.xcprivacy")) ?? [:]
    #expect(!manifest.isEmpty, "PrivacyInfo.xcprivacy is a property list")
    #expect((manifest["NSPrivacyTracking"] as? Bool) == false, "no tracking")
    #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true, "no tracking domains")
    #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true, "no data collected (resume points stay on the device)")
    let types: [[String: Any]] = manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
    let declared: [String] = types.compactMap { $0["NSPrivacyAccessedAPIType"] as? String }
    #expect(declared == ["NSPrivacyAccessedAPICategoryUserDefaults"], "exactly one required-reason API declared: UserDefaults")
    #expect(types.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1"], "with reason CA92.1 (the app's own data)")
}

@Test("Info.plist")
func infoPlist() {
    let appFolder: URL = ProjectFolder.app
    let info: [String: Any]? = readPropertyList(appFolder.appendingPathComponent("Info.plist"))
    #expect(info != nil, "Info.plist is a property list")
    #expect(info.map { Array($0.keys).sorted() } == ["UIApplicationSceneManifest", "UIBackgroundModes"], "it holds the scene manifest and UIBackgroundModes; Xcode generates the rest")
    #expect(info?["UIBackgroundModes"] as? [String] == ["audio"], "the one background mode is audio")
    // One player for the app, shown in one window: a second iPad window would present the
    // same player and take its only video layer (see the App type's comment).
    let scenes: [String: Any]? = info?["UIApplicationSceneManifest"] as? [String: Any]
    #expect(scenes?["UIApplicationSupportsMultipleScenes"] as? Bool == false, "one window: UIApplicationSupportsMultipleScenes is false")
    #expect(scenes.map { Array($0.keys) } == ["UIApplicationSupportsMultipleScenes"], "and the manifest says nothing else (SwiftUI makes the scene)")
    let root: URL = appFolder.deletingLastPathComponent()
    let xcodeproj: String? = (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.first { $0.hasSuffix(".xcodeproj") }
    let project: String = xcodeproj.flatMap {
        try? String(contentsOf: root.appendingPathComponent("\($0)/project.pbxproj"), encoding: .utf8)
    } ?? ""
    #expect(project.contains("INFOPLIST_FILE") && !project.contains("UIApplicationSceneManifest_Generation"), "the project does not generate a second scene manifest over it")
}

private func readPropertyList(_ url: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
}
