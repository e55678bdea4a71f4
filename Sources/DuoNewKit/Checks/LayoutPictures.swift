import Foundation

/// `--pictures DIR`, for generation and `check` alike: the recipes' model tests draw the layout
/// of every pose as SVG in the folder `MODEL_TESTS_PICTURES` names, and the command says where
/// they are.
public struct LayoutPictures: Sendable {
    /// The variable the checks find the folder in.
    public static let variable = "MODEL_TESTS_PICTURES"

    /// The folder, absolute.
    public let folder: String
    /// When the checks were about to run: a picture older than that was drawn by an earlier run.
    public let startedAt: Date

    /// The folder `--pictures` gave, relative to `workingDirectory`; nil without the option.
    public init?(_ folder: String?, workingDirectory: String, startedAt: Date = Date()) {
        guard let folder else { return nil }
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        self.folder = URL(fileURLWithPath: folder, relativeTo: base).standardizedFileURL.path
        self.startedAt = startedAt
    }

    /// Why the pictures cannot go there (something other than a folder is there), checked before
    /// anything runs; nil when the folder is there or can be made.
    public var problem: String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return "'--pictures \(folder)' names a file, not a folder; give a folder for the layout pictures (it is made when missing)"
    }

    /// What the checks' environment gets.
    public var environment: [String: String] { [Self.variable: folder] }

    /// The SVG files the checks drew there in this run, by name (one left by an earlier run is
    /// not counted); none when the folder is not there. A second of slack, for file systems that
    /// keep times to the second.
    public func sheets() -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".svg") }
        return names.filter { name in
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date
            return (modified ?? .distantPast) >= startedAt.addingTimeInterval(-1)
        }.sorted()
    }
}
