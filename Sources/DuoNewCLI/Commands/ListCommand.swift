import DuoNewCore
import DuoNewKit
import Foundation

/// `duo-new list`: one line per recipe (name, version, summary); a broken one is flagged, not hidden.
/// Layers, which are parts of recipes and cannot be generated, follow under their own heading.
struct ListCommand {
    let options: CommonOptions
    let console: Console
    let context: CommandContext

    func run() -> ExitCode {
        let catalog: TemplateCatalog
        do {
            catalog = try context.catalog(option: options.templates, offline: options.offline)
        } catch {
            console.report(error)
            if options.json { console.result(RefusalReport(error).encoded()) }
            return error.code
        }
        if options.names {
            for name in catalog.recipeNames() { console.result(name) }
            return .success
        }
        let listing = RecipeListing(catalog, displayBase: context.workingDirectory)
        if options.json {
            console.result(listing.json)
            return .success
        }
        if let none = catalog.noRecipesReason {
            console.notice("note:", .dim, none)
            // Folders none of which holds a manifest: each row would only say so again.
            if !listing.recipes.isEmpty { return .success }
        }
        // One width for both tables, so the layers line up under the recipes.
        var nameWidth = (listing.recipes + listing.layers).map { TextWrapping.columns(DisplayPath.escaped($0.name)) }.max() ?? 0
        let versionWidth = (listing.recipes + listing.layers).map { ($0.version ?? "broken").count }.max() ?? 0
        // A name wider than the terminal would push every row's version past it: no name column then.
        if nameWidth + 2 + versionWidth > max(console.width, TextWrapping.minimumWidth) { nameWidth = 0 }
        printRows(listing.recipes, nameWidth: nameWidth, versionWidth: versionWidth)
        if !listing.layers.isEmpty {
            console.result("")
            console.result(console.wrapped("Layers (parts of the recipes above; not generated alone):"))
            printRows(listing.layers, nameWidth: nameWidth, versionWidth: versionWidth)
        }
        return .success
    }

    /// `name  version  summary`, the summary filled to the width under itself (a broken recipe:
    /// its first problem and the lint command that says more).
    private func printRows(_ rows: [RecipeListing.Row], nameWidth: Int, versionWidth: Int) {
        for row in rows {
            let name = TextWrapping.padded(DisplayPath.escaped(row.name), toColumns: nameWidth)
            let version = (row.version.map(DisplayPath.escaped) ?? "broken").padding(toLength: versionWidth, withPad: " ", startingAt: 0)
            let lead = "\(name)  \(version)  "
            if let summary = row.summary {
                console.result(fill(DisplayPath.escaped(summary), lead: lead))
            } else {
                let text = fill(DisplayPath.escaped(row.brokenNote(workingDirectory: context.workingDirectory)), lead: lead)
                // Filled with the plain lead, whose width counts; the word coloured afterwards (the
                // text starts with the name and the word in both layouts).
                console.result("\(name)  " + console.style("broken", .red) + text.dropFirst(name.count + 2 + "broken".count))
            }
        }
    }

    private func fill(_ cell: String, lead: String) -> String {
        TextWrapping.cell(cell, width: console.width, lead: lead).joined(separator: "\n")
    }
}
