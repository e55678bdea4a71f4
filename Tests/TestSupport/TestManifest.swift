import Foundation

/// The top of a test recipe's `template.yaml`: its name, summary and version, and the two
/// placeholders every recipe takes from the command line. Tests append their own keys.
package enum TestManifest {
    package static func header(name: String, summary: String, version: String = "1.0.0") -> String {
        """
        name: \(name)
        summary: \(summary)
        version: \(version)
        placeholders:
          APP_NAME:
            from: app-name
            description: The app's name.
          BUNDLE_ID:
            from: bundle-id
            description: The bundle id.
        """
    }
}

extension TestManifest {
    /// Writes a recipe folder at `folder`: its `template.yaml` and `files` under `template/`
    /// (paths inside the tree to their text), folders made as needed.
    package static func writeRecipe(at folder: URL, manifest: String, files: [String: String]) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("template.yaml"))
        for (path, text) in files {
            let url = folder.appendingPathComponent("template/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}
