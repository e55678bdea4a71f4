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
