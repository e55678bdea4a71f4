import DuoNewCore

/// A task reads each value as `$DUO_NEW_<TOKEN>`; a variable of that shape no placeholder sets
/// (a misspelt token, a copier answer's name left as it was) is empty when the task runs, so
/// the task quietly does something else. A check is given no values at all (`duo-new check`
/// runs it long after generation), so any such variable is empty there. Generation accepts
/// both: warnings.
extension LintPass {
    mutating func checkTaskVariables(_ entries: [TemplateEntry], manifest: Manifest, locations: ManifestLocations) {
        let declared = manifest.placeholders.map(\.name)
        for (index, task) in manifest.tasks.enumerated() {
            let runPlace = index < locations.taskRuns.count ? locations.taskRuns[index] : locations.root
            for read in SetupTask.valuesRead(in: task.run) where !declared.contains(read.name) {
                report(problem(task: task.name, name: read.name, declared: declared), at: runPlace)
            }
            for script in Self.scriptEntries(named: task.run, in: entries) {
                for read in SetupTask.valuesRead(in: script.text) where !declared.contains(read.name) {
                    let (line, column) = Self.lineAndColumn(ofOffset: read.offset, in: script.text)
                    report(problem(task: task.name, name: read.name, declared: declared), at: place(script.entry, line: line, column: column))
                }
            }
        }
    }

    mutating func checkCheckVariables(_ entries: [TemplateEntry], manifest: Manifest, locations: ManifestLocations) {
        for (index, check) in manifest.checks.enumerated() {
            let runPlace = index < locations.checkRuns.count ? locations.checkRuns[index] : locations.root
            for read in SetupTask.valuesRead(in: check.run) {
                report(.checkReadsValue(check: check.name, name: read.name, inScript: false), at: runPlace)
            }
            for script in Self.scriptEntries(named: check.run, in: entries) {
                for read in SetupTask.valuesRead(in: script.text) {
                    let (line, column) = Self.lineAndColumn(ofOffset: read.offset, in: script.text)
                    report(.checkReadsValue(check: check.name, name: read.name, inScript: true), at: place(script.entry, line: line, column: column))
                }
            }
        }
    }

    private func problem(task: String, name: String, declared: [String]) -> LintProblem {
        .taskReadsUndeclaredValue(task: task, name: name, meant: Spelling.closest(to: name, among: declared))
    }

    /// The 1-based line and column of the character at `offset` in `text`.
    static func lineAndColumn(ofOffset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
