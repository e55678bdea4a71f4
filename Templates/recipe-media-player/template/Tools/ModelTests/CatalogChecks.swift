import Foundation

/// The real `Media/Catalog.json`: it reads, and everything a typo could break holds. Returns
/// the catalogue for the clip checks, or nil when it cannot be read.
func catalogChecks(_ c: Checker, media: URL) -> Catalog? {
    c.begin("The catalogue (Media/Catalog.json)")
    var catalog: Catalog? = nil
    do {
        catalog = try Catalog.load(from: media)
        c.check("Catalog.json reads without a problem", true)
    } catch {
        c.check("Catalog.json reads without a problem", false, error.description)
    }
    let shows: [Show] = catalog?.shows ?? []
    let episodes: [Episode] = catalog?.episodes ?? []
    c.check("it has two or more shows", shows.count >= 2, "\(shows.count) shows")
    c.check("every show has an episode", !shows.isEmpty && shows.allSatisfy { !$0.episodes.isEmpty })
    let ids: [String] = shows.map(\.id) + episodes.map(\.id)
    c.check("ids are unique across shows and episodes", !ids.isEmpty && Set(ids).count == ids.count, "\(ids)")
    for show in shows {
        c.equal("'\(show.id)' numbers its episodes 1, 2, 3 in order", show.episodes.map(\.number), Array(1..<(show.episodes.count + 1)))
        c.check("'\(show.id)' has a title, a host, a summary and artwork", !show.title.isEmpty && !show.host.isEmpty && !show.summary.isEmpty && !show.symbol.isEmpty && (0...1).contains(show.hue))
    }
    c.check("every episode has a title and a summary", !episodes.isEmpty && episodes.allSatisfy { !$0.title.isEmpty && !$0.summary.isEmpty })
    c.check("every episode knows its show", !episodes.isEmpty && episodes.allSatisfy { catalog?.show(of: $0)?.episodes.contains($0) == true })
    // The README's launch, the UI tests and duo-pose-matrix use these ids.
    for id in ["small-repairs-1", "small-repairs-2", "night-sky-notes-1"] {
        c.check("'\(id)' exists (the launch switches in the README and the UI tests use it)", catalog?.episode(id: id) != nil)
    }
    if let first = catalog?.episode(id: "small-repairs-1") {
        c.equal("small-repairs-1 is followed by small-repairs-2", catalog?.episode(after: first)?.id, "small-repairs-2")
    } else {
        c.check("small-repairs-1 is followed by small-repairs-2", false, "no small-repairs-1")
    }
    return catalog
}

/// Every bundled clip, read from the file itself: it exists, it is an MP4 the iPhone plays,
/// and its length is the catalogue's. Removing or breaking a clip fails here, not on a device.
func clipChecks(_ c: Checker, media: URL, catalog: Catalog?) {
    c.begin("The bundled clips (Media/)")
    let bundled: [Episode] = (catalog?.episodes ?? []).filter(\.media.isBundled)
    c.check("the catalogue bundles clips to check", !bundled.isEmpty)
    for episode in bundled {
        let url: URL = episode.media.url(resources: media)
        let name: String = url.lastPathComponent
        guard let data = try? Data(contentsOf: url) else {
            c.check("\(name) exists in Media/", false, "\(episode.id) names it, but there is no such file")
            continue
        }
        c.check("\(name) exists in Media/", true)
        guard let summary = MP4Boxes(data).summary() else {
            c.check("\(name) is an MP4 movie", false, "no ftyp, moov or mvhd box")
            continue
        }
        c.check("\(name) is an MP4 movie", ["isom", "mp42", "mp41", "M4V "].contains(summary.majorBrand), "brand \(summary.majorBrand)")
        c.check("\(name) lasts the catalogue's \(TimeText.clock(episode.duration))", abs(summary.seconds - episode.duration) < 0.1, "the file lasts \(summary.seconds) s")
        let video: MP4Boxes.Track? = summary.video
        c.check("\(name) has H.264 or HEVC video", ["avc1", "avc3", "hvc1", "hev1"].contains(video?.codec ?? ""), "video codec \(video?.codec ?? "none")")
        let width: Int = video?.width ?? 0
        let height: Int = video?.height ?? 0
        c.check("\(name) is 16:9, as the player's video frame expects", height > 0 && abs(Double(width) / Double(height) - 16.0 / 9.0) < 0.02, "\(width) × \(height)")
        c.check("\(name) has AAC sound (background audio needs a sound track)", summary.sound?.codec == "mp4a", "sound codec \(summary.sound?.codec ?? "none")")
        c.check("\(name) is under \(PlayerFacts.maximumBundledBytes / 1_000_000) MB (bundled media grows the download; stream longer episodes)", data.count <= PlayerFacts.maximumBundledBytes, "\(data.count) bytes")
    }
    let listed: Set<String> = Set(bundled.map(\.media.text))
    let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? [])
        .filter { MediaSource.bundledExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
    let unlisted: [String] = files.filter { !listed.contains($0) }.sorted()
    c.check("every media file in Media/ is in the catalogue (a stray file only makes the app bigger)", unlisted.isEmpty, unlisted.joined(separator: ", "))
}
