import Foundation
import Testing
@testable import __APP_NAME__

/// The app's bundled media: `Media/` in the app's folder.
let mediaFolder: URL = ProjectFolder.app.appendingPathComponent("Media", isDirectory: true)

/// `Media/Catalog.json` as the app reads it, or nil when it cannot be read (the catalogue's
/// own test says why).
let bundledCatalog: Catalog? = try? Catalog.load(from: mediaFolder)

/// The real `Media/Catalog.json`: it reads, and everything a typo could break holds.
@Test("The catalogue (Media/Catalog.json)")
func catalogChecks() {
    var catalog: Catalog? = nil
    #expect(throws: Never.self, "Catalog.json reads without a problem") { catalog = try Catalog.load(from: mediaFolder) }
    let shows: [Show] = catalog?.shows ?? []
    let episodes: [Episode] = catalog?.episodes ?? []
    #expect(shows.count >= 2, "it has two or more shows — \(shows.count) shows")
    #expect(!shows.isEmpty && shows.allSatisfy { !$0.episodes.isEmpty }, "every show has an episode")
    let ids: [String] = shows.map(\.id) + episodes.map(\.id)
    #expect(!ids.isEmpty && Set(ids).count == ids.count, "ids are unique across shows and episodes — \(ids)")
    for show in shows {
        #expect(show.episodes.map(\.number) == Array(1..<(show.episodes.count + 1)), "'\(show.id)' numbers its episodes 1, 2, 3 in order")
        #expect(!show.title.isEmpty && !show.host.isEmpty && !show.summary.isEmpty && !show.symbol.isEmpty && (0...1).contains(show.hue), "'\(show.id)' has a title, a host, a summary and artwork")
    }
    #expect(!episodes.isEmpty && episodes.allSatisfy { !$0.title.isEmpty && !$0.summary.isEmpty }, "every episode has a title and a summary")
    #expect(!episodes.isEmpty && episodes.allSatisfy { catalog?.show(of: $0)?.episodes.contains($0) == true }, "every episode knows its show")
    // The README's launch, the UI tests and duo-pose-matrix use these ids.
    for id in ["small-repairs-1", "small-repairs-2", "night-sky-notes-1"] {
        #expect(catalog?.episode(id: id) != nil, "'\(id)' exists (the launch switches in the README and the UI tests use it)")
    }
    if let first = catalog?.episode(id: "small-repairs-1") {
        #expect(catalog?.episode(after: first)?.id == "small-repairs-2", "small-repairs-1 is followed by small-repairs-2")
    } else {
        Issue.record("small-repairs-1 is followed by small-repairs-2 — no small-repairs-1")
    }
}

/// Every bundled clip, read from the file itself: it exists, it is an MP4 the iPhone plays,
/// and its length is the catalogue's. Removing or breaking a clip fails here, not on a device.
@Test("The bundled clips (Media/)")
func clipChecks() {
    let media: URL = mediaFolder
    let catalog: Catalog? = bundledCatalog
    let bundled: [Episode] = (catalog?.episodes ?? []).filter(\.media.isBundled)
    #expect(!bundled.isEmpty, "the catalogue bundles clips to check")
    for episode in bundled {
        let url: URL = episode.media.url(resources: media)
        let name: String = url.lastPathComponent
        let read: Data? = try? Data(contentsOf: url)
        #expect(read != nil, "\(name) exists in Media/ — \(episode.id) names it, but there is no such file")
        guard let data = read else { continue }
        guard let summary = MP4Boxes(data).summary() else {
            Issue.record("\(name) is an MP4 movie — no ftyp, moov or mvhd box")
            continue
        }
        #expect(["isom", "mp42", "mp41", "M4V "].contains(summary.majorBrand), "\(name) is an MP4 movie — brand \(summary.majorBrand)")
        #expect(abs(summary.seconds - episode.duration) < 0.1, "\(name) lasts the catalogue's \(TimeText.clock(episode.duration)) — the file lasts \(summary.seconds) s")
        let video: MP4Boxes.Track? = summary.video
        #expect(["avc1", "avc3", "hvc1", "hev1"].contains(video?.codec ?? ""), "\(name) has H.264 or HEVC video — video codec \(video?.codec ?? "none")")
        let width: Int = video?.width ?? 0
        let height: Int = video?.height ?? 0
        #expect(height > 0 && abs(Double(width) / Double(height) - 16.0 / 9.0) < 0.02, "\(name) is 16:9, as the player's video frame expects — \(width) × \(height)")
        #expect(summary.sound?.codec == "mp4a", "\(name) has AAC sound (background audio needs a sound track) — sound codec \(summary.sound?.codec ?? "none")")
        #expect(data.count <= PlayerFacts.maximumBundledBytes, "\(name) is under \(PlayerFacts.maximumBundledBytes / 1_000_000) MB (bundled media grows the download; stream longer episodes) — \(data.count) bytes")
    }
    let listed: Set<String> = Set(bundled.map(\.media.text))
    let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? [])
        .filter { MediaSource.bundledExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
    let unlisted: [String] = files.filter { !listed.contains($0) }.sorted()
    #expect(unlisted.isEmpty, "every media file in Media/ is in the catalogue (a stray file only makes the app bigger) — \(unlisted.joined(separator: ", "))")
}
