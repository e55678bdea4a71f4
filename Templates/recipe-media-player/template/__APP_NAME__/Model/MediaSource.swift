import Foundation

/// Where an episode's media comes from: a file bundled with the app, or an `https` address.
///
/// In `Catalog.json` both are one string. A plain file name (`small-repairs-1.mp4`) is looked
/// up in the app's resources; an `https` address (a movie file or an HLS playlist) is streamed
/// by the same player. Plain `http` is refused: App Transport Security would block it at run
/// time, so the catalogue says so when it is read instead.
nonisolated enum MediaSource: Sendable, Equatable {
    case bundled(fileName: String)
    case remote(URL)

    /// The file types a bundled episode may have; AVFoundation plays all of them.
    static let bundledExtensions: Set<String> = ["mp4", "m4v", "mov", "m4a", "mp3"]

    /// Reads the catalogue's `media` string; the error says what is wrong with it.
    static func parse(_ text: String) -> Result<MediaSource, CatalogProblem.MediaIssue> {
        let trimmed: String = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            return .failure(.empty)
        }
        if let schemeEnd = trimmed.range(of: "://") {
            let scheme: String = trimmed[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "https" else { return .failure(.notHTTPS(scheme: scheme)) }
            guard let url = URL(string: trimmed), let host = url.host, !host.isEmpty else {
                return .failure(.badAddress)
            }
            return .success(.remote(url))
        }
        if trimmed.contains("/") || trimmed.hasPrefix(".") {
            return .failure(.notAFileName)
        }
        let fileExtension: String = (trimmed as NSString).pathExtension.lowercased()
        guard bundledExtensions.contains(fileExtension) else {
            return .failure(.unsupportedType(fileExtension))
        }
        return .success(.bundled(fileName: trimmed))
    }

    /// The text written in the catalogue.
    var text: String {
        switch self {
        case .bundled(let fileName): fileName
        case .remote(let url): url.absoluteString
        }
    }

    /// The file types that carry sound only; an episode of one shows its show's artwork.
    static let audioOnlyExtensions: Set<String> = ["m4a", "mp3"]

    /// Sound only, as its name tells: a bundled or streamed `.m4a` or `.mp3`. A stream whose
    /// name doesn't tell (an HLS playlist) is known once the player reports it has no picture.
    var isAudioOnly: Bool {
        let name: String
        switch self {
        case .bundled(let fileName): name = fileName
        case .remote(let url): name = url.path
        }
        return MediaSource.audioOnlyExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    var isBundled: Bool {
        if case .bundled = self { return true }
        return false
    }

    /// The address the player opens. Bundled files are found in `resources`: the app bundle's
    /// resource folder in the app (Xcode copies `Media/` flat into it), `Media/` in the tests.
    func url(resources: URL) -> URL {
        switch self {
        case .bundled(let fileName): resources.appendingPathComponent(fileName, isDirectory: false)
        case .remote(let url): url
        }
    }
}
