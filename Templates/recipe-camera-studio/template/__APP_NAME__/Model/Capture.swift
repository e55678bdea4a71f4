import Foundation

/// One photo or movie in the gallery, as the gallery's index records it.
///
/// The capture date is the app's own record, kept in the index and in the file's name; the
/// app never reads a file's dates, so it needs no required-reason API.
nonisolated struct Capture: Codable, Identifiable, Hashable, Sendable {
    nonisolated enum Kind: String, Codable, CaseIterable, Sendable {
        case photo
        case movie

        var fileExtension: String {
            self == .photo ? "jpg" : "mov"
        }
    }

    nonisolated struct PixelSize: Codable, Hashable, Sendable {
        let width: Int
        let height: Int
    }

    let id: UUID
    let kind: Kind
    let fileName: String
    let createdAt: Date
    /// nil when the entry was rebuilt from a file name after the index was lost.
    let pixelSize: PixelSize?
    /// A movie's length in seconds; nil for a photo or when unknown.
    let duration: TimeInterval?
    let frameCount: Int?

    init(
        id: UUID,
        kind: Kind,
        createdAt: Date,
        pixelSize: PixelSize?,
        duration: TimeInterval? = nil,
        frameCount: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.fileName = Capture.fileName(kind: kind, id: id, createdAt: createdAt)
        self.createdAt = createdAt
        self.pixelSize = pixelSize
        self.duration = duration
        self.frameCount = frameCount
    }

    /// `photo-<milliseconds since 1970>-<UUID>.jpg`: the name alone can rebuild a lost index entry.
    static func fileName(kind: Kind, id: UUID, createdAt: Date) -> String {
        let milliseconds: Int64 = Int64((createdAt.timeIntervalSince1970 * 1000).rounded())
        return "\(kind.rawValue)-\(milliseconds)-\(id.uuidString).\(kind.fileExtension)"
    }

    /// The entry a file name stands for, or nil if the name is not one this app writes.
    static func recovered(fromFileName name: String) -> Capture? {
        let parts: [Substring] = name.split(separator: "-", maxSplits: 2)
        guard parts.count == 3, let kind = Kind(rawValue: String(parts[0])),
              let milliseconds = Int64(parts[1]) else { return nil }
        let suffix: String = "." + kind.fileExtension
        let tail: String = String(parts[2])
        guard tail.hasSuffix(suffix), let id = UUID(uuidString: String(tail.dropLast(suffix.count))) else { return nil }
        let date: Date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        let capture: Capture = Capture(id: id, kind: kind, createdAt: date, pixelSize: nil)
        return capture.fileName == name ? capture : nil
    }

    /// Newest first; equal dates fall back to the id so the order never wobbles.
    static func newestFirst(_ lhs: Capture, _ rhs: Capture) -> Bool {
        if lhs.createdAt != rhs.createdAt {
            return lhs.createdAt > rhs.createdAt
        }
        return lhs.id.uuidString > rhs.id.uuidString
    }
}
