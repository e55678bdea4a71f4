import Foundation
import Testing
import TestSupport

/// The generated camera studio's resources and sources, checked as data: the privacy manifest,
/// the asset catalog, the icon, the stamped names, and what the sources may not use.
@Suite("Camera studio: resources of a generated project")
struct CameraStudioProjectResourceTests {
    typealias Fixture = CameraStudioProjectFixture

    @Test func privacyManifestDeclaresNothingCollectedTrackedOrRequiredReason() throws {
        #expect(try XcodeProjectData.privacyAccessedAPIs(project: Fixture.project(), appName: Fixture.appName).isEmpty)
    }

    /// The manifest declares no required-reason API and no network use, so the sources must not
    /// reach for one (Apple's list of file-timestamp, defaults, boot-time and disk-space APIs).
    @Test func appSourcesUseNoRequiredReasonAPINetworkOrPhotoLibrary() throws {
        let forbidden = [
            "UserDefaults", "AppStorage", "SceneStorage", "creationDate", "modificationDate", "fileModificationDate",
            "contentModificationDateKey", "creationDateKey", "systemUptime", "mach_absolute_time",
            "volumeAvailableCapacity", "activeInputModes", "URLSession", "PHPhotoLibrary", "CloudKit",
            "AppTrackingTransparency", "http://", "https://",
        ]
        var hits: [String] = []
        for (path, text) in try Self.swiftSources() {
            for word in forbidden where text.contains(word) {
                hits.append("\(path): \(word)")
            }
        }
        #expect(hits.isEmpty, "\(hits)")
    }

    @Test func everyContentsJSONIsValidJSON() throws {
        let catalog = try Fixture.project().appendingPathComponent("\(Fixture.appName)/Assets.xcassets")
        let manifests = Fixture.files(under: catalog).filter { $0.hasSuffix("Contents.json") }
        #expect(Set(manifests) == [
            "Contents.json", "AppIcon.appiconset/Contents.json", "AccentColor.colorset/Contents.json",
        ])
        for path in manifests {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent(path)))
            let info = (object as? [String: Any])?["info"] as? [String: Any]
            #expect(info?["version"] as? Int == 1, "\(path) has no info.version 1")
        }
        let icon = try JSONSerialization.jsonObject(
            with: Data(contentsOf: catalog.appendingPathComponent("AppIcon.appiconset/Contents.json"))) as? [String: Any]
        let images = icon?["images"] as? [[String: Any]] ?? []
        #expect(images.contains { $0["filename"] as? String == "AppIcon.png" && $0["size"] as? String == "1024x1024" })
    }

    @Test func appIconIsAnOpaque1024PNGCopiedByteForByte() throws {
        let relative = "\(Fixture.appName)/Assets.xcassets/AppIcon.appiconset/AppIcon.png"
        let generated = try Data(contentsOf: Fixture.project().appendingPathComponent(relative))
        let template = try Data(contentsOf: Fixture.templateTree
            .appendingPathComponent("__APP_NAME__/Assets.xcassets/AppIcon.appiconset/AppIcon.png"))
        #expect(generated == template, "the generator changed the icon's bytes")

        let png = try PNGHeader(generated)
        #expect(png.width == 1024 && png.height == 1024)
        #expect(png.bitDepth == 8)
        #expect(png.colourType == 2, "colour type \(png.colourType): an App Store icon must be RGB without alpha")
        #expect(png.interlace == 0)
        #expect(png.chunkNames.first == "IHDR" && png.chunkNames.last == "IEND")
        #expect(png.chunkNames.contains("IDAT"))
        #expect(!png.chunkNames.contains("tRNS"), "a tRNS chunk adds transparency")
    }

    @Test func namesAreStampedEverywhereAndNoTokenIsLeft() throws {
        let project = try Fixture.project()
        let files = Fixture.files(under: project)
        #expect(files.contains("\(Fixture.appName)/App/\(Fixture.appName)App.swift"))
        #expect(files.contains("\(Fixture.appName).xcodeproj/xcshareddata/xcschemes/\(Fixture.appName).xcscheme"))
        #expect(files.contains { $0.hasPrefix("\(Fixture.appName)UITests/") && $0.hasSuffix(".swift") })

        let token = try Regex("__[A-Z][A-Z0-9_]*__")
        for path in files {
            #expect(path.firstMatch(of: token) == nil, "token left in the name \(path)")
            guard let text = String(data: try Data(contentsOf: project.appendingPathComponent(path)), encoding: .utf8)
            else { continue }
            #expect(text.firstMatch(of: token) == nil, "token left in \(path)")
        }
        let entry = try String(contentsOf: project.appendingPathComponent("\(Fixture.appName)/App/\(Fixture.appName)App.swift"),
                               encoding: .utf8)
        #expect(entry.contains("struct \(Fixture.appName)App: App"))
        #expect(entry.contains("@main"))
    }

    @Test func scriptsStayExecutable() throws {
        let project = try Fixture.project()
        for script in ["Tools/run-model-tests.sh", "Tools/run-ui-tests.sh"] {
            #expect(FileManager.default.isExecutableFile(atPath: project.appendingPathComponent(script).path), "\(script)")
        }
    }

    // MARK: - Helpers

    /// The app's and the UI tests' Swift files, path relative to the project -> text.
    static func swiftSources() throws -> [(String, String)] {
        let project = try Fixture.project()
        return try [Fixture.appName, "\(Fixture.appName)UITests"].flatMap { folder in
            try Fixture.files(under: project.appendingPathComponent(folder))
                .filter { $0.hasSuffix(".swift") }
                .map { path in
                    ("\(folder)/\(path)",
                     try String(contentsOf: project.appendingPathComponent("\(folder)/\(path)"), encoding: .utf8))
                }
        }
    }
}

extension CameraStudioProjectResourceTests {
    /// The parts of a PNG that say what it holds: the IHDR fields and the chunk sequence, each
    /// chunk's CRC checked.
    struct PNGHeader {
        var width: UInt32 = 0
        var height: UInt32 = 0
        var bitDepth: UInt8 = 0
        var colourType: UInt8 = 0
        var interlace: UInt8 = 0
        var chunkNames: [String] = []

        struct Malformed: Error, CustomStringConvertible { var description: String }

        init(_ data: Data) throws {
            let bytes = [UInt8](data)
            guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                throw Malformed(description: "no PNG signature")
            }
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = Int(Self.bigEndian(bytes, offset))
                let end = offset + 12 + length
                guard end <= bytes.count else { throw Malformed(description: "chunk runs past the end") }
                let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
                guard Self.crc32(typeAndData) == Self.bigEndian(bytes, offset + 8 + length) else {
                    throw Malformed(description: "bad CRC at byte \(offset)")
                }
                let name = String(decoding: typeAndData.prefix(4), as: UTF8.self)
                if name == "IHDR", length == 13 {
                    width = Self.bigEndian(bytes, offset + 8)
                    height = Self.bigEndian(bytes, offset + 12)
                    bitDepth = bytes[offset + 16]
                    colourType = bytes[offset + 17]
                    interlace = bytes[offset + 20]
                }
                chunkNames.append(name)
                offset = end
            }
            guard offset == bytes.count else { throw Malformed(description: "trailing bytes after the last chunk") }
        }

        private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
        }

        private static func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
    }
}
