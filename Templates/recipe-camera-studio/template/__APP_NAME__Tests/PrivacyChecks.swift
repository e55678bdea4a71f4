import Foundation
import Testing
@testable import __APP_NAME__

@Test("Privacy: the app's sources")
func privacyInSources() {
    let appFolder: URL = ProjectFolder.app
    let scan: (files: Int, findings: [PrivacyScan.Finding]) = PrivacyScan.scan(folder: appFolder)
    #expect(scan.files >= 20, "the scan reads the app's Swift files — \(scan.files) files in \(appFolder.lastPathComponent)")
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
        #expect(inApp.isEmpty && caught, "no \(category) in the app (and the scan catches a planted one) — \(caught ? described : "the scan missed a planted example")")
    }
    let quiet: [PrivacyScan.Finding] = PrivacyScan.scan(text: "// see https://developer.apple.com\nlet state = stateOf(x)", file: "quiet")
    #expect(quiet.isEmpty, "comments and look-alike names are not findings — \(quiet.map(\.match).joined(separator: ", "))")
}

@Test("Privacy: usage strings")
func privacyUsageStrings() {
    let project: URL = ProjectFolder.root
    let appFolder: URL = ProjectFolder.app
    let appName: String = appFolder.lastPathComponent
    let pbxproj: URL = project.appendingPathComponent("\(appName).xcodeproj/project.pbxproj")
    let configurations: [[String: Any]] = appBuildSettings(pbxproj)
    #expect(!configurations.isEmpty, "the Xcode project parses and has the app's build configurations — read \(pbxproj.lastPathComponent) in \(appName).xcodeproj")
    let keys: [String] = ["NSCameraUsageDescription", "NSMicrophoneUsageDescription", "NSPhotoLibraryAddUsageDescription"]
    for key in keys {
        let values: [String] = configurations.map { ($0["INFOPLIST_KEY_" + key] as? String) ?? "" }
        let present: Bool = !values.isEmpty && values.allSatisfy { $0.count >= 10 && !$0.contains("__") }
        #expect(present, "\(key) is set for every app configuration — \(values.isEmpty ? "no app build configuration found" : "\(values)")")
    }
}

@Test("Privacy: the privacy manifest")
func privacyManifest() {
    let appFolder: URL = ProjectFolder.app
    let manifestURL: URL = appFolder.appendingPathComponent("PrivacyInfo.xcprivacy")
    let manifest: [String: Any] = readPlist(manifestURL) ?? [:]
    #expect(!manifest.isEmpty, "PrivacyInfo.xcprivacy is a property list")
    #expect((manifest["NSPrivacyTracking"] as? Bool) == false, "no tracking")
    #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true, "no tracking domains")
    #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true, "no data collected (photos and videos stay on the device)")
    #expect((manifest["NSPrivacyAccessedAPITypes"] as? [Any])?.isEmpty == true, "no required-reason API declared, as the source scan finds none")
}

/// The build settings of the app target's configurations: those naming a bundle id that is not
/// a test target's (the UI tests', the model tests').
private func appBuildSettings(_ url: URL) -> [[String: Any]] {
    guard let root = readPlist(url), let objects = root["objects"] as? [String: Any] else { return [] }
    var result: [[String: Any]] = []
    for value in objects.values {
        guard let object = value as? [String: Any], object["isa"] as? String == "XCBuildConfiguration",
              let settings = object["buildSettings"] as? [String: Any],
              let bundle = settings["PRODUCT_BUNDLE_IDENTIFIER"] as? String, !bundle.hasSuffix("Tests") else { continue }
        result.append(settings)
    }
    return result
}

private func readPlist(_ url: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
}
