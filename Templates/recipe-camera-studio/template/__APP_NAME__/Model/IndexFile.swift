import Foundation

/// The index file's format: `{"formatVersion": 1, "captures": [...]}`, dates in milliseconds.
nonisolated enum IndexFile: Sendable {
    nonisolated enum Contents: Sendable {
        case current([Capture])
        case newer(version: Int)
        case corrupt
    }

    private nonisolated struct Version: Decodable, Sendable {
        let formatVersion: Int
    }

    private nonisolated struct Body: Codable, Sendable {
        let formatVersion: Int
        let captures: [Capture]
    }

    static func read(_ data: Data) -> Contents {
        let decoder: JSONDecoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        guard let version = try? decoder.decode(Version.self, from: data) else { return .corrupt }
        if version.formatVersion > CaptureLibrary.formatVersion {
            return .newer(version: version.formatVersion)
        }
        guard version.formatVersion == CaptureLibrary.formatVersion,
              let body = try? decoder.decode(Body.self, from: data) else { return .corrupt }
        return .current(body.captures)
    }

    static func encode(_ captures: [Capture]) throws -> Data {
        let encoder: JSONEncoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Body(formatVersion: CaptureLibrary.formatVersion, captures: captures))
    }
}
