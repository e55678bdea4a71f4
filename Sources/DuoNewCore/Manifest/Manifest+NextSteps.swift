import Foundation

extension Manifest {
    /// The recipe's next steps as the ending shows them, a line a string: stamped with the
    /// values, and with the project's folder (as typed, quoted for the shell) for
    /// `__DESTINATION__`; the blank lines around them left out; none when the recipe has none.
    /// A `cd` to the folder is left out when the folder is the working one (`.`).
    public func nextStepsLines(values: [String: String], folder: String) -> [String] {
        let text = nextSteps.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [] }
        var stampValues = values
        stampValues[ManifestDecoder.destinationToken] = ShellQuoting.argument(folder)
        let lines = Stamper(values: stampValues).stamp(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Generated into the working folder (`.`, a fresh clone's): there is nowhere to `cd` to.
        guard ShellQuoting.isWorkingFolder(folder) else { return lines }
        return lines.filter { $0.trimmingCharacters(in: .whitespaces) != "cd " + ShellQuoting.argument(folder) }
    }
}
