import DuoNewCore
import Foundation

/// `duo-new lint Templates`: a folder that is not a recipe but holds recipe folders. Lint reports
/// its missing template.yaml as always; this says what was likely meant, and names the recipes.
/// The command line prints it after lint's report.
public enum LintFolderHint {
    /// The hint for `folder`, or nil when it is a recipe (or a layer) or holds none.
    public static func hint(for folder: String, workingDirectory: String) -> String? {
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        let url = URL(fileURLWithPath: folder, isDirectory: true, relativeTo: base)
        let files = FileManager.default
        guard !files.fileExists(atPath: url.appendingPathComponent(Manifest.fileName).path),
              !files.fileExists(atPath: url.appendingPathComponent(Manifest.layerFileName).path),
              let children = try? files.contentsOfDirectory(atPath: url.path)
        else { return nil }
        let recipes = children.sorted().filter { files.fileExists(atPath: url.appendingPathComponent($0).appendingPathComponent(Manifest.fileName).path) }
        guard !recipes.isEmpty else { return nil }
        // The folder quoted for the shell, the star left for it to expand.
        let glob = ShellQuoting.argument(folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/*"
        let shown = recipes.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (recipes.count > 5 ? ", …" : "")
        return "'\(folder)' is not a recipe but holds \(recipes.count == 1 ? "one" : "\(recipes.count)") (\(shown)); lint them with \(ShellQuoting.inSentence("duo-new lint " + glob))"
    }
}
