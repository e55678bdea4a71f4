import DuoNewKit

extension LayoutPictures {
    /// Says where the pictures are, or that no check drew any, and lists them in the report.
    func report(console: Console, report: inout GenerationReport) {
        let sheets = sheets()
        guard !sheets.isEmpty else {
            console.say("  no layout pictures were drawn in \(folder): this recipe's checks do not draw any")
            return
        }
        report.pictures = sheets.map { folder + "/" + $0 }
        console.say("  layout pictures: \(Formatting.plural(sheets.count, "SVG file")) in \(folder); open \(folder)/\(sheets.contains("layouts.svg") ? "layouts.svg" : sheets[0]) in a browser")
    }
}
