import Foundation

/// The library: shows and their episodes, read from `Media/Catalog.json`.
///
/// ```json
/// { "shows": [ { "id": "small-repairs", "title": "Small Repairs", "host": "…", "summary": "…",
///                "hue": 0.08, "symbol": "wrench.and.screwdriver",
///                "episodes": [ { "id": "small-repairs-1", "number": 1, "title": "…",
///                                "summary": "…", "duration": 12, "media": "small-repairs-1.mp4" } ] } ] }
/// ```
///
/// `media` is a bundled file name or an `https` address. Reading checks everything a typo
/// could break (unique ids, episodes numbered 1, 2, 3, positive durations, usable media) and
/// reports every problem at once; the model tests also check that each bundled file exists.
nonisolated struct Catalog: Sendable, Equatable {
    /// The catalogue's file name, in `Media/` in the project and at the top of the app bundle.
    static let fileName: String = "Catalog.json"

    let shows: [Show]

    /// Every episode, show by show, in order.
    var episodes: [Episode] {
        shows.flatMap(\.episodes)
    }

    func show(id: String) -> Show? {
        shows.first { $0.id == id }
    }

    func episode(id: String) -> Episode? {
        for show in shows {
            if let episode = show.episodes.first(where: { $0.id == id }) {
                return episode
            }
        }
        return nil
    }

    /// The show an episode belongs to.
    func show(of episode: Episode) -> Show? {
        show(id: episode.showID)
    }

    /// The episode after `episode` in its show, or nil after the last one.
    func episode(after episode: Episode) -> Episode? {
        guard let show = show(of: episode), let index = show.episodes.firstIndex(of: episode),
              index + 1 < show.episodes.count else { return nil }
        return show.episodes[index + 1]
    }

    // MARK: - Reading

    /// Reads a catalogue, or throws `Failure` listing every problem found.
    static func decode(_ data: Data) throws(Failure) -> Catalog {
        let raw: RawCatalog
        do {
            raw = try JSONDecoder().decode(RawCatalog.self, from: data)
        } catch {
            throw Failure(problems: [.unreadable(describe(error))])
        }
        var problems: [CatalogProblem] = []
        var seen: Set<String> = []
        var shows: [Show] = []
        if raw.shows.isEmpty {
            problems.append(.noShows)
        }
        for rawShow in raw.shows {
            for (field, value) in [("id", rawShow.id), ("title", rawShow.title)] where value.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(.emptyField(field: field, item: rawShow.title.isEmpty ? rawShow.id : rawShow.title))
            }
            if !seen.insert(rawShow.id).inserted {
                problems.append(.duplicateID(rawShow.id))
            }
            if rawShow.episodes.isEmpty {
                problems.append(.emptyShow(show: rawShow.id))
            }
            let numbers: [Int] = rawShow.episodes.map(\.number)
            if numbers != Array(1..<(numbers.count + 1)) {
                problems.append(.badNumbering(show: rawShow.id, numbers: numbers))
            }
            var episodes: [Episode] = []
            for rawEpisode in rawShow.episodes {
                for (field, value) in [("id", rawEpisode.id), ("title", rawEpisode.title)] where value.trimmingCharacters(in: .whitespaces).isEmpty {
                    problems.append(.emptyField(field: field, item: rawEpisode.id.isEmpty ? rawEpisode.title : rawEpisode.id))
                }
                if !seen.insert(rawEpisode.id).inserted {
                    problems.append(.duplicateID(rawEpisode.id))
                }
                if !(rawEpisode.duration > 0) || !rawEpisode.duration.isFinite {
                    problems.append(.badDuration(episode: rawEpisode.id, seconds: rawEpisode.duration))
                }
                switch MediaSource.parse(rawEpisode.media) {
                case .success(let media):
                    episodes.append(Episode(
                        id: rawEpisode.id, number: rawEpisode.number, title: rawEpisode.title,
                        summary: rawEpisode.summary ?? "", duration: rawEpisode.duration, media: media, showID: rawShow.id
                    ))
                case .failure(let issue):
                    problems.append(.badMedia(episode: rawEpisode.id, issue))
                }
            }
            shows.append(Show(
                id: rawShow.id, title: rawShow.title, host: rawShow.host ?? "", summary: rawShow.summary ?? "",
                hue: rawShow.hue ?? 0.6, symbol: rawShow.symbol ?? "play.rectangle", episodes: episodes
            ))
        }
        if !problems.isEmpty {
            throw Failure(problems: problems)
        }
        return Catalog(shows: shows)
    }

    /// Reads `Catalog.json` from a folder: `Media/` in the project, the app bundle's resources.
    static func load(from folder: URL) throws(Failure) -> Catalog {
        let url: URL = folder.appendingPathComponent(fileName, isDirectory: false)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Failure(problems: [.unreadable("there is no readable \(fileName) in \(folder.lastPathComponent)")])
        }
        return try decode(data)
    }

    /// Every problem in a catalogue that could not be read.
    nonisolated struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        let problems: [CatalogProblem]

        var description: String {
            problems.map(\.description).joined(separator: "\n")
        }
    }

    // MARK: - The file's shape

    private nonisolated struct RawCatalog: Decodable, Sendable {
        let shows: [RawShow]
    }

    private nonisolated struct RawShow: Decodable, Sendable {
        let id: String
        let title: String
        let host: String?
        let summary: String?
        let hue: Double?
        let symbol: String?
        let episodes: [RawEpisode]
    }

    private nonisolated struct RawEpisode: Decodable, Sendable {
        let id: String
        let number: Int
        let title: String
        let summary: String?
        let duration: Double
        let media: String
    }

    /// A decoding error in a sentence, naming the key path where it happened.
    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "it is not valid JSON." }
        func path(_ context: DecodingError.Context) -> String {
            var text: String = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(path(context))."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the value at \(path(context)) has the wrong type."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON." : "the value at \(path(context)) cannot be read."
        @unknown default:
            return "it cannot be read."
        }
    }
}
