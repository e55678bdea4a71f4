import DuoNewCore
import Testing
@testable import DuoNewCLI

/// The command the prompt prints at its end, to run the same generation without questions: one
/// line when it fits the terminal, else lines that paste into zsh or bash as one command (each
/// ending in ` \`), never past the width and never a quoted word parted.
@Suite struct WithoutQuestionsLineTests {
    static let request: GenerateRequest = {
        var request = GenerateRequest(recipe: "example-hello", appName: "Hello", bundleID: "com.example.hello", folder: "/Users/me/My Apps/Hello")
        request.settings = [.init(key: "greeting", value: "Hello"), .init(key: "style", value: "plain"), .init(key: "scripts", value: "false")]
        request.noTest = true
        return request
    }()

    @Test func aLineThatFitsStaysOne() {
        let line = CommandLineRendering.withoutQuestions(Self.request, note: "", width: 400)
        #expect(line == "Without questions: duo-new --set 'greeting=Hello' --set 'style=plain' --set 'scripts=false' --no-test example-hello Hello com.example.hello '/Users/me/My Apps/Hello'")
    }

    @Test(arguments: [80, 40])
    func aLongCommandIsContinuedWithinTheWidth(width: Int) {
        let text = CommandLineRendering.withoutQuestions(Self.request, note: " (secrets left out: add --set token=…)", width: width)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count > 2 && lines.allSatisfy { TextWrapping.columns($0) <= width }, "\(text)")
        #expect(lines[0] == "Without questions:", "\(text)")
        // Pasted, the shell reads one command: the continuations joined give the one-line form.
        let command = lines.dropFirst().prefix { !$0.hasPrefix("  (") }
        #expect(command.dropLast().allSatisfy { $0.hasSuffix(" \\") }, "\(text)")
        let joined = command.map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == CommandLineRendering.shown(Self.request), "\(text)")
        #expect(text.contains("'/Users/me/My Apps/Hello'") && text.contains("(secrets left out: add --set token=…)"), "\(text)")
    }
}
