import Foundation

/// Reads `template.yaml` into a `Manifest`, refusing anything it does not fully understand.
///
/// Decoding works on the `YAMLNode` tree so that every diagnostic carries the line and column
/// of the text it is about. All problems of one pass are collected and thrown together.
public enum ManifestDecoder {
    /// The top-level keys, in the order the docs present them.
    public static let topLevelKeys = [
        "name", "summary", "version", "layers", "replaces", "placeholders", "include-if", "reserved-names", "verbatim", "not-tokens", "exclude",
        "checks", "tasks", "rename", "next-steps",
    ]
    /// The top-level keys of a layer's `layer.yaml`: no tokens of its own, nothing printed.
    public static let layerTopLevelKeys = ["name", "summary", "version", "layers", "replaces", "include-if", "verbatim", "not-tokens", "checks"]
    /// The keys of one placeholder.
    public static let placeholderKeys = [
        "from", "description", "key", "type", "default", "pattern", "hint", "choices", "minimum", "maximum", "suffixes",
        "value", "default-from", "ask-if", "renamed-from", "secret", "env",
    ]
    /// The keys of one choice written as a mapping.
    public static let choiceKeys = ["value", "description"]
    /// The keys of one check.
    public static let checkKeys = ["name", "run", "timeout", "layer", "needs", "opt-in"]
    /// The keys of one task.
    public static let taskKeys = ["name", "run", "on", "timeout"]
    /// The keys of a check's `needs`.
    public static let needsKeys = ["commands", "hint"]
    /// The values `from` accepts.
    public static let sources = ["app-name", "bundle-id", "set", "derived", "year", "date"]
    /// The token stamped into next-steps with the destination folder; no placeholder may take it.
    public static let destinationToken = "DESTINATION"
    /// What a token looks like; the same shape the leftover scan looks for after stamping.
    public static let tokenPattern = TokenGrammar.pattern

    /// Decodes manifest text; `file` is the path printed in diagnostics.
    public static func decode(_ text: String, file: String) throws(ManifestError) -> Manifest {
        try decodeLocated(utf8: Array(text.utf8), file: file).manifest
    }

    /// Decodes manifest bytes and reports where each part was written.
    public static func decodeLocated(utf8 bytes: [UInt8], file: String) throws(ManifestError) -> (manifest: Manifest, locations: ManifestLocations) {
        let pass = decodingPass(utf8: bytes, file: file)
        guard let manifest = pass.manifest, pass.diagnostics.isEmpty else {
            throw ManifestError(diagnostics: pass.diagnostics)
        }
        return (manifest, pass.locations)
    }

    /// Decodes layer manifest text; `file` is the path printed in diagnostics.
    public static func decodeLayer(_ text: String, file: String) throws(ManifestError) -> Manifest {
        let pass = decodingPass(utf8: Array(text.utf8), file: file, kind: .layer)
        guard let manifest = pass.manifest, pass.diagnostics.isEmpty else { throw ManifestError(diagnostics: pass.diagnostics) }
        return manifest
    }

    package static func decodingPass(utf8 bytes: [UInt8], file: String, kind: ManifestDecoding.Kind = .recipe) -> ManifestDecoding {
        var decoding = ManifestDecoding(file: file, source: bytes, kind: kind)
        decoding.run()
        return decoding
    }
}
