import Foundation

func privacyChecks(_ c: Checker, project: URL, appFolder: URL) {
    c.begin("Privacy: the app's sources")
    let scan: (files: Int, findings: [PrivacyScan.Finding]) = PrivacyScan.scan(folder: appFolder)
    c.check("the scan reads the app's Swift files", scan.files >= 20, "\(scan.files) files in \(appFolder.lastPathComponent)")
    let planted: [String: String] = [
        "networking": "let task = URLSession.shared.dataTask(with: url)",
        "tracking": "let id = ASIdentifierManager.shared().advertisingIdentifier",
        "CloudKit": "import CloudKit",
        "photo library": "PHPhotoLibrary.shared().performChanges {}",
        "web address": "let site = \"https://example.com\"",
        "required-reason API": "let date = attributes[.modificationDate]",
    ]
    for category in PrivacyScan.categories.map(\.name) {
        let inApp: [PrivacyScan.Finding] = scan.findings.filter { $0.category == category }
        let described: String = inApp.map { "\($0.file):\($0.line) \($0.match)" }.joined(separator: "; ")
        let caught: Bool = PrivacyScan.scan(text: planted[category] ?? "", file: "planted").contains { $0.category == category }
        c.check("no \(category) in the app (and the scan catches a planted one)", inApp.isEmpty && caught, caught ? described : "the scan missed a planted example")
    }
    let quiet: [PrivacyScan.Finding] = PrivacyScan.scan(text: "// see https://developer.apple.com\nlet state = stateOf(x)", file: "quiet")
    c.check("comments and look-alike names are not findings", quiet.isEmpty, quiet.map(\.match).joined(separator: ", "))

    c.begin("Privacy: usage strings")
    let appName: String = appFolder.lastPathComponent
    let pbxproj: URL = project.appendingPathComponent("\(appName).xcodeproj/project.pbxproj")
    let configurations: [[String: Any]] = appBuildSettings(pbxproj)
    c.check("the Xcode project parses and has the app's build configurations", !configurations.isEmpty, "read \(pbxproj.lastPathComponent) in \(appName).xcodeproj")
    let keys: [String] = ["NSCameraUsageDescription", "NSMicrophoneUsageDescription", "NSPhotoLibraryAddUsageDescription"]
    for key in keys {
        let values: [String] = configurations.map { ($0["INFOPLIST_KEY_" + key] as? String) ?? "" }
        let present: Bool = !values.isEmpty && values.allSatisfy { $0.count >= 10 && !$0.contains("__") }
        c.check("\(key) is set for every app configuration", present, values.isEmpty ? "no app build configuration found" : "\(values)")
    }

    c.begin("Privacy: the privacy manifest")
    let manifestURL: URL = appFolder.appendingPathComponent("PrivacyInfo.xcprivacy")
    let manifest: [String: Any] = readPlist(manifestURL) ?? [:]
    c.check("PrivacyInfo.xcprivacy is a property list", !manifest.isEmpty)
    c.check("no tracking", (manifest["NSPrivacyTracking"] as? Bool) == false)
    c.check("no tracking domains", (manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
    c.check("no data collected (photos and videos stay on the device)", (manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    c.check("no required-reason API declared, as the source scan finds none", (manifest["NSPrivacyAccessedAPITypes"] as? [Any])?.isEmpty == true)
}

/// The build settings of the app target's configurations: those naming a bundle id that is not
/// the UI tests'.
private func appBuildSettings(_ url: URL) -> [[String: Any]] {
    guard let root = readPlist(url), let objects = root["objects"] as? [String: Any] else { return [] }
    var result: [[String: Any]] = []
    for value in objects.values {
        guard let object = value as? [String: Any], object["isa"] as? String == "XCBuildConfiguration",
              let settings = object["buildSettings"] as? [String: Any],
              let bundle = settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String, !bundle.hasSuffix("UITests") else { continue }
        result.append(settings)
    }
    return result
}

private func readPlist(_ url: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
}
