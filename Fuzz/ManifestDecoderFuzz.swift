// fuzz-max-len: 16384
// fuzz-links: core
@testable import DuoNewCore
import Foundation

/// libFuzzer target for the manifest decoder: any bytes as `template.yaml`.
///
/// Beyond not crashing, hanging or allocating without bound, it checks what an author relies
/// on: a refusal carries at least one diagnostic, each with a message and, when it has a place,
/// the file it was given and a 1-based line and column; an accepted manifest holds only token
/// names and globs the rules allow, and its globs match paths without running away. The input
/// is also classified as a core-schema number, recipe name, version and token name by hand and
/// by the regular expressions that did it before, which must agree.
enum ManifestDecoderFuzz {
    static let file = "template.yaml"
    /// Paths the accepted globs are matched against: deep ones make `**` work hard.
    static let paths = [
        "a", "Tools/run.sh", "__APP_NAME__/Model/Layout.swift", ".build/x/y",
        Array(repeating: "d", count: 24).joined(separator: "/") + "/file.png",
    ]

    static func run(_ data: UnsafeRawBufferPointer) {
        // The hand-written number shapes must agree with the regular expressions they replaced.
        let text = String(decoding: data, as: UTF8.self)
        let intByRegex = text.wholeMatch(of: /[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+/) != nil
        let floatByRegex = text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil
        if YAMLNode.isCoreInt(Array(text.utf8)) != intByRegex || YAMLNode.isCoreFloat(Array(text.utf8)) != floatByRegex {
            fatalError("core schema number shapes differ from the regular expressions for '\(text)'")
        }
        if ManifestDecoding.isRecipeName(text) != (text.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9._-]*/) != nil)
            || ManifestDecoding.isVersion(text) != (text.wholeMatch(of: /[0-9]+(\.[0-9]+)*(-[0-9A-Za-z.-]+)?/) != nil)
            || ManifestDecoding.isTokenName(text) != (text.wholeMatch(of: /[A-Z][A-Z0-9_]*/) != nil) {
            fatalError("name or version shapes differ from the regular expressions for '\(text)'")
        }
        do throws(ManifestError) {
            let manifest = try ManifestDecoder.decodeLocated(utf8: Array(data), file: file).manifest
            check(manifest)
        } catch {
            if error.diagnostics.isEmpty { fatalError("a refusal without a diagnostic") }
            for diagnostic in error.diagnostics {
                if diagnostic.message.isEmpty { fatalError("a diagnostic without a message") }
                if let place = diagnostic.location, place.file != file || place.line < 1 || place.column < 1 {
                    fatalError("diagnostic at \(place.rendered), outside '\(file)' or not 1-based: \(diagnostic.rendered)")
                }
            }
        }
    }

    private static func check(_ manifest: Manifest) {
        for placeholder in manifest.placeholders {
            let name = placeholder.name.unicodeScalars
            guard let first = name.first, ("A"..."Z").contains(first),
                  name.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
                fatalError("accepted the placeholder name '\(placeholder.name)'")
            }
        }
        for glob in manifest.verbatim + manifest.exclude {
            if let problem = Glob.problem(in: glob.pattern) { fatalError("accepted a glob the rules refuse: \(problem)") }
            for path in paths { _ = glob.matches(path) }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestDecoder(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    ManifestDecoderFuzz.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
