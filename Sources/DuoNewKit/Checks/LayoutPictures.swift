import Foundation

/// `--pictures DIR`, for generation and `check` alike: the recipes' model tests draw the layout
/// of every pose as SVG in the folder `MODEL_TESTS_PICTURES` names, and the command says where
/// they are.
public struct LayoutPictures: Sendable {
    /// The variable the checks find the folder in.
    public static let variable = "MODEL_TESTS_PICTURES"

    /// The folder, absolute.
    public let folder: String

    /// The folder `--pictures` gave, relative to `workingDirectory`; nil without the option.
    public init?(_ folder: String?, workingDirectory: String) {
        guard let folder else { return nil }
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        self.folder = URL(fileURLWithPath: folder, relativeTo: base).standardizedFileURL.path
    }

    /// What the checks' environment gets.
    public var environment: [String: String] { [Self.variable: folder] }

    /// The SVG files the checks drew there, by name; none when the folder is not there.
    public func sheets() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".svg") }.sorted()
    }
}
