import Foundation
import Testing
@testable import __APP_NAME__

/// Rules about the model's source text that the compiler alone does not enforce: every type in
/// `Model/` is declared `nonisolated` (the app target's default isolation is the main actor, and
/// the model must run anywhere) and `Sendable`, and the model imports Foundation only, so the
/// model tests build it on Linux as well as on the Mac.
///
/// `mayOmitSendable` names the declarations that may leave out the word `Sendable`, such as a
/// type conforming to a protocol that is itself `Sendable`; the recipe says why in its test that calls this.
func checkModelSources(appFolder: URL = ProjectFolder.app, mayOmitSendable: (String) -> Bool = { _ in false }) {
    let model: URL = appFolder.appendingPathComponent("Model")
    let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: model.path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count >= 20, "Model/ holds the model — \(files.count) files")
    var isolated: [String] = []
    var unsendable: [String] = []
    var imports: [String] = []
    for file in files {
        let text: String = (try? String(contentsOf: model.appendingPathComponent(file), encoding: .utf8)) ?? ""
        for line in text.components(separatedBy: "\n") {
            if declaresTypeWithoutOptingOut(line) {
                isolated.append("\(file): \(line)")
            }
            if declaresType(line), !line.contains("Sendable"), !mayOmitSendable(line) {
                unsendable.append("\(file): \(line)")
            }
            if line.hasPrefix("import "), line != "import Foundation" {
                imports.append("\(file): \(line)")
            }
        }
    }
    #expect(isolated.isEmpty, "every model type is declared nonisolated — \(isolated.joined(separator: "; "))")
    #expect(unsendable.isEmpty, "every model type is declared Sendable — \(unsendable.joined(separator: "; "))")
    #expect(imports.isEmpty, "the model imports Foundation only — \(imports.joined(separator: "; "))")
    #expect(declaresTypeWithoutOptingOut("struct Foo: Sendable {") && !declaresTypeWithoutOptingOut("nonisolated struct Foo {"), "the rule itself spots a main-actor type")
    #expect(!declaresType("    // the struct is") && !declaresType("let x = y"), "the rule ignores words that only look like declarations")
}

/// A type declared at the top level (or nested, indented) without `nonisolated` takes the
/// target's default isolation, the main actor.
private func declaresTypeWithoutOptingOut(_ line: String) -> Bool {
    guard let modifiers = typeModifiers(line) else { return false }
    return !modifiers.contains("nonisolated")
}

private func declaresType(_ line: String) -> Bool {
    typeModifiers(line) != nil
}

/// The words before `struct`, `enum`, `class` or `protocol` when the line declares a type.
private func typeModifiers(_ line: String) -> [Substring]? {
    let trimmed: String = line.trimmingCharacters(in: .whitespaces)
    let words: [Substring] = trimmed.split(separator: " ")
    let kinds: Set<Substring> = ["struct", "enum", "class", "protocol"]
    guard let kindIndex = words.firstIndex(where: { kinds.contains($0) }), kindIndex + 1 < words.count else { return nil }
    let modifiers: [Substring] = Array(words[..<kindIndex])
    let allowed: Set<Substring> = ["nonisolated", "private", "fileprivate", "internal", "public", "final", "indirect"]
    guard modifiers.allSatisfy({ allowed.contains($0) }) else { return nil }
    return modifiers
}
