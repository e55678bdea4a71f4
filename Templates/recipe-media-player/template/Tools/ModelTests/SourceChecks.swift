import Foundation

/// Rules about the model's source text that the compiler alone does not enforce.
func sourceChecks(_ c: Checker, appFolder: URL) {
    c.begin("Model sources")
    let model: URL = appFolder.appendingPathComponent("Model")
    let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: model.path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    c.check("Model/ holds the model", files.count >= 20, "\(files.count) files")
    var isolated: [String] = []
    var unsendable: [String] = []
    var imports: [String] = []
    for file in files {
        let text: String = (try? String(contentsOf: model.appendingPathComponent(file), encoding: .utf8)) ?? ""
        for line in text.components(separatedBy: "\n") {
            if let modifiers = typeModifiers(line), !modifiers.contains("nonisolated") {
                isolated.append("\(file): \(line)")
            }
            if typeModifiers(line) != nil, !line.contains("Sendable"), !isEngineProtocol(line), !conformsToSendableProtocol(line) {
                unsendable.append("\(file): \(line)")
            }
            if line.hasPrefix("import "), line != "import Foundation" {
                imports.append("\(file): \(line)")
            }
        }
    }
    c.check("every model type is declared nonisolated", isolated.isEmpty, isolated.joined(separator: "; "))
    c.check("every model type is declared Sendable (PlaybackEngine, the player's own actor, aside)", unsendable.isEmpty, unsendable.joined(separator: "; "))
    c.check("the model imports Foundation only", imports.isEmpty, imports.joined(separator: "; "))
    c.check("the rule itself spots a main-actor type", typeModifiers("struct Foo: Sendable {") == [] && typeModifiers("nonisolated struct Foo {") == ["nonisolated"])
    c.check("the rule ignores words that only look like declarations", typeModifiers("    // the struct is") == nil && typeModifiers("let x = y") == nil)
}

/// `PlaybackEngine` wraps a player object that lives on one actor; it is deliberately not Sendable.
private func isEngineProtocol(_ line: String) -> Bool {
    line.hasPrefix("nonisolated protocol PlaybackEngine: AnyObject")
}

/// A type conforming to a protocol that is itself Sendable (`ResumeStore`).
private func conformsToSendableProtocol(_ line: String) -> Bool {
    line.contains(": ResumeStore")
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
