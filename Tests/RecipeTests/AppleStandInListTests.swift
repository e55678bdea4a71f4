import Foundation
import Testing
import TestSupport

/// The stand-in modules and the symbol review agree: `scripts/apple-symbols.py --stand-ins` passes
/// on Tests/AppleStandIns, and refuses a copy with an unlisted name, a declaration without its
/// source, or a symbol the recipes use taken out; and every declaration a recipe uses says where it
/// was compared with the SDK (a `// checked:` record) or is on not-compared.txt with the reason.
@Suite("Apple stand-ins agree with the reviewed symbol lists")
struct AppleStandInListTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let standIns = root.appendingPathComponent("Tests/AppleStandIns")

    @Test func everyStandInNameIsListedAndEveryUsedSymbolDeclared() throws {
        let result = try CameraStudioProjectSymbolTests.runScript(["--stand-ins"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all listed with a source"), "\(result.output)")
        #expect(result.output.contains("all declared"), "\(result.output)")
        // The counts: used, compared (with SDK text, with iOS 27.1 pages, with pages for text the
        // archives lack, with pages for SDK text too large to search), same, fixed, not compared.
        let pattern = #/(\d+) used by the recipes; compared (\d+) \((\d+) with SDK text, (\d+) with iOS 27\.1 pages, (\d+) with pages for text the SDK archives lack, (\d+) with pages for SDK text too large to search\): same (\d+), fixed (\d+); not compared (\d+)/#
        let counts = try #require(result.output.firstMatch(of: pattern), "\(result.output)")
        let compared = Int(counts.output.2) ?? -1
        let kinds = [counts.output.3, counts.output.4, counts.output.5, counts.output.6].map { Int($0) ?? 0 }
        #expect(compared == kinds.reduce(0, +), "\(result.output)")
        #expect(compared == (Int(counts.output.7) ?? 0) + (Int(counts.output.8) ?? 0), "\(result.output)")
        #expect((Int(counts.output.8) ?? 0) > 0 && compared > 0, "\(result.output)")
    }

    @Test func checkRefusesAUsedDeclarationWithoutARecordAMalformedRecordAndAStaleEntry() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("stand-in-records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let copy = work.appendingPathComponent("AppleStandIns")
        try FileManager.default.copyItem(at: Self.standIns, to: copy)
        let avFoundation = copy.appendingPathComponent("AVFoundation/AVFoundation.swiftinterface")
        var text = try String(contentsOf: avFoundation, encoding: .utf8)
        let headers = "// checked: sdk 27.0 System/Library/Frameworks/AVFoundation.framework/Headers/"
        for (original, replacement) in [
            // AVPlayer and its members lose the record they share.
            (headers + "AVPlayer.h\n", ""),
            // A record in neither form.
            (headers + "AVPlayerLayer.h\n", "// checked: somewhere in the SDK\n"),
            // A page record whose reason is neither iOS 27.1 nor text the archives lack.
            (headers + "AVPlayerItem.h\n", "// checked: page avfoundation/avplayeritem (it looked right)\n"),
        ] {
            try #require(text.contains(original), "AVFoundation.swiftinterface no longer contains \(original)")
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        try text.write(to: avFoundation, atomically: true, encoding: .utf8)
        // A declaration on the not-compared list gets a record.
        let swiftUI = copy.appendingPathComponent("SwiftUI/SwiftUI.swiftinterface")
        let listed = "// AD swiftui/hstacklayout (_StackLayoutCache:"
        let swiftUIText = try String(contentsOf: swiftUI, encoding: .utf8)
        try #require(swiftUIText.contains(listed))
        try swiftUIText.replacingOccurrences(of: listed, with: "// checked: page swiftui/hstacklayout (not in the SDK archives: a test)\n" + listed)
            .write(to: swiftUI, atomically: true, encoding: .utf8)

        let result = try CameraStudioProjectSymbolTests.runScript(["--stand-ins", copy.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("with no '// checked:' record"), "\(result.output)")
        #expect(result.output.contains(": AVFoundation:AVPlayer.play()\n"), "\(result.output)")
        #expect(result.output.contains("records in neither form"), "\(result.output)")
        #expect(result.output.contains("// checked: somewhere in the SDK"), "\(result.output)")
        #expect(result.output.contains("// checked: page avfoundation/avplayeritem (it looked right)"), "\(result.output)")
        #expect(result.output.contains("SwiftUI:_StackLayoutCache: now has a record of its own"), "\(result.output)")
    }

    @Test func checkRefusesUnlistedUnsourcedAndMissingDeclarations() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("stand-ins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let copy = work.appendingPathComponent("AppleStandIns")
        try FileManager.default.copyItem(at: Self.standIns, to: copy)

        let avFoundation = copy.appendingPathComponent("AVFoundation/AVFoundation.swiftinterface")
        let text = try String(contentsOf: avFoundation, encoding: .utf8)
        try #require(text.contains("  open var isVirtualDevice: Swift.Bool { get }\n"))
        try text.replacingOccurrences(of: "  open var isVirtualDevice: Swift.Bool { get }\n", with: "")
            .write(to: avFoundation, atomically: true, encoding: .utf8)
        let swiftUI = copy.appendingPathComponent("SwiftUI/SwiftUI.swiftinterface")
        let handle = try FileHandle(forWritingTo: swiftUI)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("// AD swiftui/made-up\npublic func shimmeringHalo()\npublic func unsourced()\n".utf8))
        try handle.close()

        let result = try CameraStudioProjectSymbolTests.runScript(["--stand-ins", copy.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("SwiftUI.swiftinterface:"), "\(result.output)")
        #expect(result.output.contains(": shimmeringHalo"), "\(result.output)")
        #expect(result.output.contains("without a '// AD ...' source comment:\n  AppleStandIns/SwiftUI/SwiftUI.swiftinterface:"), "\(result.output)")
        #expect(result.output.contains("public func unsourced()"), "\(result.output)")
        #expect(result.output.contains("AVCameraBackend.swift: isVirtualDevice"), "\(result.output)")
    }
}
