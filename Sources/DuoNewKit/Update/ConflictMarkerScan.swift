import DuoNewCore

/// Finds conflict markers an earlier update left in a project: in the text files the record
/// lists (the recipe's files, where an update writes them), read as `TextFile` reads them. A
/// file whose bytes are still the ones the record names is the recipe's own, markers and all
/// (a recipe may document them): an update that marks a conflict records the recipe's version,
/// never the marked one, so its markers are always found.
public enum ConflictMarkerScan {
    /// One file holding markers, and the line of each block's `<<<<<<<`.
    public struct Found: Sendable, Equatable {
        public var path: String
        public var lines: [Int]

        public init(path: String, lines: [Int]) {
            self.path = path
            self.lines = lines
        }
    }

    /// The recorded text files of `project` holding markers; a path below a link in the project
    /// is not the project's file and is not read (`ProjectScan.belowNoLink`).
    public static func scan(project: String, recorded: [String: GenerationRecord.File]) -> [Found] {
        ProjectScan.belowNoLink(project: project, paths: recorded.keys.sorted()).compactMap { path in
            guard let bytes = TextFile.read(project + "/" + path), MergeableText.isText(bytes) else { return nil }
            if recorded[path]?.sha256 == SHA256.hex(bytes) { return nil }
            let lines = ConflictMarkers.lines(in: bytes)
            return lines.isEmpty ? nil : Found(path: path, lines: lines)
        }
    }

    /// `a.txt` line 3, `b.txt` lines 2 and 40: for messages.
    public static func described(_ found: [Found]) -> String {
        found.map { file in
            let lines = file.lines.map(String.init)
            let list = (lines.count == 1 ? "line " : "lines ") + SentenceList.joined(lines)
            return "'\(DisplayPath.escaped(file.path))' (\(list))"
        }.joined(separator: ", ")
    }
}
