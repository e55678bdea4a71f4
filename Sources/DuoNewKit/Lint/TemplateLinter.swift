import DuoNewCore
import Foundation

/// Checks a recipe for its author: the manifest, the tree beside it, and a trial generation.
///
/// Returns diagnostics and prints nothing; `duo-new lint` renders them and the summary line.
public enum TemplateLinter {
    /// Longest file or folder name most file systems allow, in bytes.
    public static let maximumComponentBytes = Planner.maximumNameBytes
    /// Longest path macOS allows (`PATH_MAX`), in bytes.
    public static let maximumPathBytes = Planner.maximumPathBytes

    /// Every problem of one recipe folder, in file, line and column order.
    ///
    /// `displayFolder` is how the folder is named in diagnostics; by default, its path as given.
    /// With `interruption`, a signal it catches stops the lint early, the trial's temporary
    /// folder removed; the caller then reports the interruption rather than the diagnostics.
    public static func lint(recipeFolder: URL, displayFolder: String? = nil, interruption: Interruption? = nil) -> [Diagnostic] {
        var pass = LintPass(recipeFolder: recipeFolder, displayFolder: displayFolder, interruption: interruption)
        pass.run()
        return pass.diagnostics
    }

    /// `3 errors, 1 warning in 2 templates`: the line `duo-new lint` ends with.
    public static func summary(of diagnostics: [Diagnostic], templates: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return "\(counted(errors, "error")), \(counted(warnings, "warning")) in \(counted(templates, "template"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Paths in the tree (in the order given) whose last name or whole path would be too long once
    /// stamped with the longest values allowed: errors for `lint`, and refusals for generation.
    public static func lengthProblems(_ paths: [String], manifest: Manifest) -> [(path: String, problem: LintProblem)] {
        // Generation's own stamper: `replacingOccurrences` once per token and path took a fifth
        // of the medium benchmark's generation.
        let stamper = Stamper(values: longestSamples(for: manifest))
        var problems: [(path: String, problem: LintProblem)] = []
        for path in paths {
            let stampedName = stamper.stamp(RelativePath.name(of: path))
            if stampedName.utf8.count > maximumComponentBytes {
                problems.append((path, .componentTooLong(bytes: stampedName.utf8.count)))
            }
            let stampedPath = stamper.stamp(path)
            if stampedPath.utf8.count > maximumPathBytes {
                problems.append((path, .pathTooLong(bytes: stampedPath.utf8.count)))
            }
        }
        return problems
    }

    /// The AppNames of the longest length allowed whose values grow most: all capitals, one
    /// word, and capitals split as often as the word filters split (`AAbAAb…` is `a-ab-a-ab…`
    /// to `kebab`, a third longer).
    private static let longestAppNames = [
        String(repeating: "A", count: NameRules.maximumAppNameLength),
        String(String(repeating: "AAb", count: NameRules.maximumAppNameLength / 3 + 1).prefix(NameRules.maximumAppNameLength)),
    ]

    /// The values stamped when checking lengths: the longest each rule allows, so a name that
    /// fits here fits for every user. A `--set` value has no length rule: its default stands in.
    /// A value worked out from others takes the longest it becomes from any of `longestAppNames`.
    static func longestSamples(for manifest: Manifest) -> [String: String] {
        let appName = manifest.placeholders.first { $0.source == .appName }?.name
        var longest: [String: String] = [:]
        for shape in longestAppNames {
            var samples = ownSamples(for: manifest)
            if let appName { samples[appName] = shape }
            for (name, value) in PlaceholderValues.derived(samples, manifest: manifest) where value.utf8.count > longest[name]?.utf8.count ?? -1 {
                longest[name] = value
            }
        }
        return longest
    }

    /// Each value's longest sample that reads no other value.
    private static func ownSamples(for manifest: Manifest) -> [String: String] {
        var samples: [String: String] = [:]
        for placeholder in manifest.placeholders {
            switch placeholder.source {
            case .appName:
                break
            case .bundleID:
                let length = NameRules.longestBundleID(suffixes: placeholder.suffixes)
                samples[placeholder.name] = "com." + String(repeating: "a", count: length - 4)
            case .setting where placeholder.defaultFrom != nil && placeholder.type.choiceValues.isEmpty && placeholder.type != .bool:
                // Worked out from the longest values (`PlaceholderValues.derived`), as proposed.
                continue
            case .setting(_, let defaultValue, _):
                // A choice can be any of its values: the longest is the one that must fit.
                let longestChoice = placeholder.type.choiceValues.max { $0.utf8.count < $1.utf8.count }
                samples[placeholder.name] = longestChoice ?? defaultValue ?? "value"
            case .generationDay(let form):
                samples[placeholder.name] = CalendarDay(year: 9999, month: 12, day: 31).text(form)
            case .derived:
                break
            }
        }
        return samples
    }
}
