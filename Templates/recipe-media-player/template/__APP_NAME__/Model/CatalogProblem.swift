import Foundation

/// Something wrong in `Catalog.json`, worded for the person editing it.
///
/// The catalogue is read once at launch. Every problem is collected, so one run of the model
/// tests lists them all; the app shows the first one instead of an empty library.
nonisolated enum CatalogProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with a `media` string.
    nonisolated enum MediaIssue: Error, Sendable, Equatable {
        case empty
        case notHTTPS(scheme: String)
        case badAddress
        case notAFileName
        case unsupportedType(String)
    }

    case unreadable(String)
    case noShows
    case emptyShow(show: String)
    case emptyField(field: String, item: String)
    case duplicateID(String)
    case badNumbering(show: String, numbers: [Int])
    case badDuration(episode: String, seconds: Double)
    case badMedia(episode: String, MediaIssue)

    var description: String {
        switch self {
        case .unreadable(let reason):
            "Catalog.json is not a catalogue: \(reason)"
        case .noShows:
            "Catalog.json lists no shows; add at least one show with one episode."
        case .emptyShow(let show):
            "Show '\(show)' has no episodes; add one or remove the show."
        case .emptyField(let field, let item):
            "'\(item)' has an empty '\(field)'; every show and episode needs one."
        case .duplicateID(let id):
            "The id '\(id)' is used twice; ids name saved places and launch switches, so each must be unique."
        case .badNumbering(let show, let numbers):
            "Show '\(show)' numbers its episodes \(numbers); number them 1, 2, 3 in order."
        case .badDuration(let episode, let seconds):
            "Episode '\(episode)' has a duration of \(seconds) seconds; give its real length, more than 0."
        case .badMedia(let episode, let issue):
            "Episode '\(episode)': \(CatalogProblem.explain(issue))"
        }
    }

    private static func explain(_ issue: MediaIssue) -> String {
        switch issue {
        case .empty:
            "'media' is empty; give a bundled file name or an https address."
        case .notHTTPS(let scheme):
            "'media' uses \(scheme)://; only https addresses play (App Transport Security blocks the rest)."
        case .badAddress:
            "'media' is not a valid https address."
        case .notAFileName:
            "'media' is a path; give the bundled file's name alone, such as clip.mp4 (Xcode copies Media/ flat into the app)."
        case .unsupportedType(let fileExtension):
            "'media' has the type '\(fileExtension)'; use one of \(MediaSource.bundledExtensions.sorted().joined(separator: ", "))."
        }
    }
}
