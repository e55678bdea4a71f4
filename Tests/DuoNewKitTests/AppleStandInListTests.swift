import Foundation
import Testing

/// The stand-in modules and the symbol review agree: `scripts/apple-symbols.py --stand-ins` passes
/// on Tests/AppleStandIns, and refuses a copy with an unlisted name, a declaration without its
/// source, or a symbol the recipes use taken out.
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
