import DuoNewCore
import DuoNewKit
import Foundation

/// `--pictures DIR`, for generation and `check` alike: the recipes' model tests draw the layout
/// of every pose as SVG where `MODEL_TESTS_PICTURES` says, and the command says where they are.
enum LayoutPictures {
    /// The variable the checks find the folder in.
    static let variable = "MODEL_TESTS_PICTURES"

    /// The folder as an absolute path, for the checks' environment (`environment(for:)`); nil
    /// without `--pictures`.
    static func prepare(_ folder: String?, context: CommandContext) -> String? {
        guard let folder else { return nil }
        let base = URL(fileURLWithPath: context.workingDirectory, isDirectory: true)
        return URL(fileURLWithPath: folder, relativeTo: base).standardizedFileURL.path
    }

    /// What the checks' environment gets for `pictures`: nothing without `--pictures`.
    static func environment(for pictures: String?) -> [String: String] {
        pictures.map { [variable: $0] } ?? [:]
    }

    /// Says where the pictures are, or that no check drew any, and lists them in the report.
    static func report(in folder: String, console: Console, report: inout GenerationReport) {
        let sheets = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".svg") }.sorted()
        guard !sheets.isEmpty else {
            console.say("  no layout pictures were drawn in \(folder): this recipe's checks do not draw any")
            return
        }
        report.pictures = sheets.map { folder + "/" + $0 }
        console.say("  layout pictures: \(Formatting.plural(sheets.count, "SVG file")) in \(folder); open \(folder)/\(sheets.contains("layouts.svg") ? "layouts.svg" : sheets[0]) in a browser")
    }
}
