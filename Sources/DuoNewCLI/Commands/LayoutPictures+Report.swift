import DuoNewCore
import DuoNewKit

extension LayoutPictures {
    /// `--pictures` naming a file is refused (73) before anything is written or run, like a
    /// destination that cannot be used.
    static func refuseUnusable(_ folder: String?, workingDirectory: String) throws(CommandFailure) {
        if let folder, let refusal = UserConfig.unexpandedHomeRefusal("'--pictures \(DisplayPath.escaped(folder))'", path: folder) {
            throw CommandFailure(code: .destinationUnusable, message: refusal)
        }
        guard let problem = LayoutPictures(folder, workingDirectory: workingDirectory)?.problem else { return }
        throw CommandFailure(code: .destinationUnusable, message: problem)
    }

    /// Says where the pictures are, or that no check drew any, and lists them in the report.
    func report(console: Console, report: inout GenerationReport) {
        let sheets = sheets()
        guard !sheets.isEmpty else {
            console.say(console.wrapped("  no layout pictures were drawn in \(folder): this recipe's checks do not draw any"))
            return
        }
        report.pictures = sheets.map { folder + "/" + $0 }
        console.say(console.wrapped("  layout pictures: \(Formatting.plural(sheets.count, "SVG file")) in \(folder); open \(folder)/\(sheets.contains("layouts.svg") ? "layouts.svg" : sheets[0]) in a browser"))
    }
}
