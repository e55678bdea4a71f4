import Foundation

/// The app's privacy story holds: no networking beyond the player's own streaming, no
/// tracking, and the one required-reason API it uses (UserDefaults, for resume points) sits in
/// one file and is declared in the privacy manifest. The Info.plist asks for background audio
/// and one window.
func privacyChecks(_ c: Checker, appFolder: URL) {
    c.begin("Privacy: the app's sources")
    let scan: (files: Int, findings: [PrivacyScan.Finding]) = PrivacyScan.scan(folder: appFolder)
    c.check("the scan reads the app's Swift files", scan.files >= 20, "\(scan.files) files in \(appFolder.lastPathComponent)")
    let allowed: (PrivacyScan.Finding) -> Bool = { finding in
        finding.category == "required-reason API" && finding.file == "Model/PlayerDefaults.swift" && finding.match == "UserDefaults"
    }
    for category in PrivacyScan.categories.map(\.name) {
        let inApp: [PrivacyScan.Finding] = scan.findings.filter { $0.category == category && !allowed($0) }
        c.check("no \(category) in the app\(category == "required-reason API" ? " but UserDefaults in PlayerDefaults.swift" : "")", inApp.isEmpty, inApp.map { "\($0.file):\($0.line) \($0.match)" }.joined(separator: "; "))
    }
    c.check("UserDefaults is used, in PlayerDefaults.swift alone (so the manifest's reason covers it)", scan.findings.contains(where: allowed))
    let planted: [PrivacyScan.Finding] = PrivacyScan.scan(text: "let d = UserDefaults.standard\n@AppStorage(\"x\") var x = 1", file: "Library/Planted.swift")
    c.check("the scan would catch UserDefaults or @AppStorage anywhere else", planted.count == 2 && !planted.contains(where: allowed))

    c.begin("Privacy: the privacy manifest")
    let manifest: [String: Any] = readPropertyList(appFolder.appendingPathComponent("PrivacyInfo.xcprivacy")) ?? [:]
    c.check("PrivacyInfo.xcprivacy is a property list", !manifest.isEmpty)
    c.check("no tracking", (manifest["NSPrivacyTracking"] as? Bool) == false)
    c.check("no tracking domains", (manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
    c.check("no data collected (resume points stay on the device)", (manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    let types: [[String: Any]] = manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
    let declared: [String] = types.compactMap { $0["NSPrivacyAccessedAPIType"] as? String }
    c.equal("exactly one required-reason API declared: UserDefaults", declared, ["NSPrivacyAccessedAPICategoryUserDefaults"])
    c.equal("with reason CA92.1 (the app's own data)", types.first?["NSPrivacyAccessedAPITypeReasons"] as? [String], ["CA92.1"])

    c.begin("Info.plist")
    let info: [String: Any]? = readPropertyList(appFolder.appendingPathComponent("Info.plist"))
    c.check("Info.plist is a property list", info != nil)
    c.equal("it holds the scene manifest and UIBackgroundModes; Xcode generates the rest", info.map { Array($0.keys).sorted() }, ["UIApplicationSceneManifest", "UIBackgroundModes"])
    c.equal("the one background mode is audio", info?["UIBackgroundModes"] as? [String], ["audio"])
    // One player for the app, shown in one window: a second iPad window would present the
    // same player and take its only video layer (see the App type's comment).
    let scenes: [String: Any]? = info?["UIApplicationSceneManifest"] as? [String: Any]
    c.equal("one window: UIApplicationSupportsMultipleScenes is false", scenes?["UIApplicationSupportsMultipleScenes"] as? Bool, false)
    c.equal("and the manifest says nothing else (SwiftUI makes the scene)", scenes.map { Array($0.keys) }, ["UIApplicationSupportsMultipleScenes"])
    let root: URL = appFolder.deletingLastPathComponent()
    let xcodeproj: String? = (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.first { $0.hasSuffix(".xcodeproj") }
    let project: String = xcodeproj.flatMap {
        try? String(contentsOf: root.appendingPathComponent("\($0)/project.pbxproj"), encoding: .utf8)
    } ?? ""
    c.check("the project does not generate a second scene manifest over it", project.contains("INFOPLIST_FILE") && !project.contains("UIApplicationSceneManifest_Generation"))
}

private func readPropertyList(_ url: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
}
