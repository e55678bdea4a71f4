import Foundation
import Testing
import TestSupport

/// `secret: true`: a value taken from `--set` or the environment variable `env` names, stamped
/// and seen by the tasks, never written to `.duo-new.json`, `GENERATION-CHECKS.md` or `--json`;
/// `update` takes it again.
@Suite("Secrets")
struct SecretTests {
    private static let secret = "s3cr3t-Pa55"

    private static func recipe(in harness: EndToEndHarness, version: String = "1.0.0") throws {
        let root = harness.url("T/secrets")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("template"), withIntermediateDirectories: true)
        try Data("key = __API_KEY__\nversion \(version)\n".utf8).write(to: root.appendingPathComponent("template/Config.txt"))
        let manifest = """
            name: secrets
            summary: Secrets.
            version: \(version)
            placeholders:
              APP_NAME: {from: app-name}
              BUNDLE_ID: {from: bundle-id}
              API_KEY: {from: set, secret: true, env: MY_API_KEY}
            tasks:
              - name: key
                run: printf '%s' "$DUO_NEW_API_KEY" > TASK-SAW
              # What a task prints is shown with the secret masked.
              - name: say
                run: echo "saw $DUO_NEW_API_KEY"
                on: [generate, update]

            """
        try Data(manifest.utf8).write(to: root.appendingPathComponent("template.yaml"))
    }

    @Test func aSecretFromTheEnvironmentIsStampedButNeverRecordedNorReported() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let run = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path, "--json"], environment: ["MY_API_KEY": Self.secret])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try harness.text("S/Config.txt").contains("key = \(Self.secret)"))
        #expect(try harness.text("S/TASK-SAW") == Self.secret)
        for file in ["S/.duo-new.json", "S/GENERATION-CHECKS.md"] {
            #expect(try !harness.text(file).contains(Self.secret), "\(file)")
        }
        #expect(!run.stdout.contains(Self.secret) && !run.stderr.contains(Self.secret))
        #expect(run.stderr.contains("│ saw ***"), "\(run.stderr)")
        #expect(try !harness.text("S/.duo-new.json").contains("API_KEY"))
        // `--defaults` lists the values not given; a secret from its variable is not one to print.
        let defaults = try harness.run(["secrets", "Sitter", "com.example.sitter", "D", "--templates", harness.url("T").path, "--defaults"], environment: ["MY_API_KEY": Self.secret])
        #expect(defaults.status == 0, "\(defaults.stderr)")
        #expect(!defaults.stdout.contains(Self.secret) && !defaults.stderr.contains(Self.secret), "\(defaults.stdout)")
    }

    @Test func updateRefusesWithoutTheSecretAndTakesItAgainFromSet() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let made = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path, "--set", "api-key=\(Self.secret)"])
        #expect(made.status == 0, "\(made.stderr)")
        try Self.recipe(in: harness, version: "1.1.0")
        let refused = try harness.run(["update", "S", "--templates", harness.url("T").path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'api-key' is a secret, which the project's record does not keep; give it again with --set api-key=…, or set the environment variable MY_API_KEY"), "\(refused.stderr)")
        let updated = try harness.run(["update", "S", "--templates", harness.url("T").path, "--set", "api-key=\(Self.secret)", "--json"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try harness.text("S/Config.txt") == "key = \(Self.secret)\nversion 1.1.0\n")
        #expect(!updated.stdout.contains(Self.secret) && !updated.stderr.contains(Self.secret), "\(updated.stderr)")
        #expect(updated.stderr.contains("│ saw ***"), "the update's task ran, its line masked: \(updated.stderr)")
        #expect(try !harness.text("S/.duo-new.json").contains(Self.secret))
    }

    /// The bases' cache keeps the texts a later update merges against; a file holding a secret
    /// is left out of it, at generation and at update, or the secret would lie there in plain text.
    @Test func theBasesCacheNeverHoldsTheSecret() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        try Data("notes for __APP_NAME__\n".utf8).write(to: harness.url("T/secrets/template/Notes.txt"))
        let cache = harness.url("cache")
        let environment = ["XDG_CACHE_HOME": cache.path, "MY_API_KEY": Self.secret]
        let made = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        try Self.recipe(in: harness, version: "1.1.0")
        let updated = try harness.run(["update", "S", "--templates", harness.url("T").path], environment: environment)
        #expect(updated.status == 0, "\(updated.stderr)")
        let packs = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".pack") }
        #expect(packs.count == 2, "a pack for the generation and one for the update: \(packs)")
        for pack in packs {
            let bytes = try Data(contentsOf: cache.appendingPathComponent(pack))
            #expect(String(decoding: bytes, as: UTF8.self).contains("notes for Sitter"), "the other files are kept: \(pack)")
            #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "\(pack) holds the secret")
        }
    }

    /// A secret that breaks a rule is refused (65) with the rule, never with the value in the message.
    @Test(arguments: ["BAD123zz", "ab\ncd", "ab__TOKEN__cd"])
    func aRefusedSecretIsNotPrinted(_ value: String) throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let path = harness.url("T/secrets/template.yaml")
        let manifest = try String(contentsOf: path, encoding: .utf8)
        try Data(manifest.replacingOccurrences(of: "env: MY_API_KEY}", with: "env: MY_API_KEY, pattern: \"^[a-z_A-Z\\n]+$\"}").utf8).write(to: path)
        for environment in [["MY_API_KEY": value], [:]] {
            let extra = environment.isEmpty ? ["--set", "api-key=\(value)"] : []
            let run = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path] + extra, environment: environment)
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr.contains("the secret value of 'api-key' (not shown)"), "\(run.stderr)")
            // Where the value came from: the variable, not "the project's record or your config".
            #expect(run.stderr.contains("MY_API_KEY") == !environment.isEmpty && !run.stderr.contains("record"), "\(run.stderr)")
            for part in value.split(whereSeparator: { !$0.isLetter }) where part.count > 2 {
                #expect(!run.stderr.contains(part), "\(run.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: harness.url("S").path))
        }
    }

    /// A task of `update` that fails prints the command that runs it again: the secret is read
    /// from its variable there, never written out.
    @Test func aFailedUpdateTaskIsPrintedWithTheSecretsVariableNotItsValue() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let templates = harness.url("T").path
        let made = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", templates, "--set", "api-key=\(Self.secret)"])
        #expect(made.status == 0, "\(made.stderr)")
        try Self.recipe(in: harness, version: "1.1.0")
        var manifest = try String(contentsOf: harness.url("T/secrets/template.yaml"), encoding: .utf8)
        manifest += "  - name: refresh\n    run: test -z \"$DUO_NEW_API_KEY\"\n    on: [update]\n"
        try Data(manifest.utf8).write(to: harness.url("T/secrets/template.yaml"))
        let updated = try harness.run(["update", "S", "--templates", templates], environment: ["MY_API_KEY": Self.secret])
        #expect(updated.status == 1, "the task fails, since it saw the secret: \(updated.stderr)")
        #expect(updated.stderr.contains("the task 'refresh' did not pass"), "\(updated.stderr)")
        #expect(!updated.stdout.contains(Self.secret) && !updated.stderr.contains(Self.secret), "\(updated.stdout)\n\(updated.stderr)")
        #expect(updated.stderr.contains("MY_API_KEY"), "the rerun command reads the secret from its variable: \(updated.stderr)")
        #expect(updated.stderr.contains("(they read the secret from $MY_API_KEY: set it first)"), "\(updated.stderr)")
        // The commands follow the error on standard error, as generation's do, so --quiet keeps
        // what the error points at.
        try Self.recipe(in: harness, version: "1.2.0")
        try Data((manifest.replacingOccurrences(of: "version: 1.1.0", with: "version: 1.2.0")).utf8).write(to: harness.url("T/secrets/template.yaml"))
        let quiet = try harness.run(["update", "S", "--templates", templates, "-q"], environment: ["MY_API_KEY": Self.secret])
        #expect(quiet.status == 1, "\(quiet.stderr)")
        #expect(quiet.stderr.contains("run it again with the commands below\n  refresh:\n      (cd S && "), "\(quiet.stderr)")
        #expect(quiet.stdout.isEmpty, "\(quiet.stdout)")
        #expect(!updated.stdout.contains("Updated S"), "the task's error is the ending, not a green line after it: \(updated.stdout)")
    }

    /// A secret left out is refused naming both ways to give it: `--set` and its variable.
    /// Text made token-shaped only by the secret stamped between the template's underscores
    /// (`__X___API_KEY____`) is no leftover: a stamped value is never part of one, so it is
    /// written (0). A leftover the template spells like the secret is refused (78), its
    /// diagnostic showing the word without the secret, on stderr and in `--json`.
    @Test func aLeftoverSpellingTheSecretIsShownWithoutIt() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let join = harness.url("T/secrets/template/Join.txt")
        try Data("join=__X___API_KEY____\n".utf8).write(to: join)
        let templates = harness.url("T").path
        let written = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", templates, "--json", "--set", "api-key=SECRETVAL"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try harness.text("S/Join.txt") == "join=__X_SECRETVAL__\n")
        try Data("join=__SECRETVAL__\n".utf8).write(to: join)
        let run = try harness.run(["secrets", "Sitter", "com.example.sitter", "S2", "--templates", templates, "--json", "--set", "api-key=SECRETVAL"])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("'__(a secret, not shown)__' is shaped like a token"), "\(run.stderr)")
        #expect(!run.stdout.contains("SECRETVAL") && !run.stderr.contains("SECRETVAL"), "\(run.stdout)\(run.stderr)")
    }

    /// A secret whose variable is not UTF-8 would reach duo-new with U+FFFD in it and be stamped
    /// changed: refused (65) naming the variable, nothing written.
    @Test func aSecretVariableThatIsNotUTF8IsRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let binary = try #require(EndToEndHarness.binary)
        let script = "MY_API_KEY=\"$(printf 'SECRET\\377')\" exec \"$0\" secrets Sitter com.example.sitter S --templates T"
        let run = try harness.run(["-c", script, binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("the variable MY_API_KEY, which gives the secret 'api-key', is not valid UTF-8"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("S").path))
    }

    @Test func aMissingSecretNamesItsVariable() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        // A variable set but empty (a CI job without the secret) is no secret: missing too.
        for environment in [[:], ["MY_API_KEY": ""]] {
            let run = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", harness.url("T").path, "--no-input"], environment: environment)
            #expect(run.status == 64, "\(environment): \(run.stderr)")
            #expect(run.stderr.contains("this recipe needs '--set api-key=VALUE' (or set MY_API_KEY)"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: harness.url("S").path))
        }
    }

    /// '--set api-key=' (a CI job's `${{ secrets.X }}` without the secret) is no secret either,
    /// as the variable set empty is none: refused at generation and at update, never stamped empty.
    @Test func anEmptySecretGivenWithSetIsRefused() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let templates = harness.url("T").path
        let run = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", templates, "--set", "api-key="])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("the secret 'api-key' is given empty") && run.stderr.contains("or set MY_API_KEY"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: harness.url("S").path))

        let made = try harness.run(["secrets", "Sitter", "com.example.sitter", "S", "--templates", templates, "--set", "api-key=\(Self.secret)"])
        try #require(made.status == 0, "\(made.stderr)")
        let update = try harness.run(["update", "S", "--templates", templates, "--set", "api-key="])
        #expect(update.status == 65, "\(update.stderr)")
        #expect(try harness.text("S/Config.txt").contains("key = \(Self.secret)"), "the project is as it was")
    }

    @Test func helpOnTheRecipeSaysWhichValueIsSecretAndListsItsTasks() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let help = try harness.run(["help", "secrets", "--templates", harness.url("T").path])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("secret: never recorded; asked without echo, or read from $MY_API_KEY"), "\(help.stdout)")
        #expect(help.stdout.contains("TASKS (run after writing, before the checks; --no-tasks skips them):\n  key: printf"))
    }

    @Test func aTerminalAsksForTheSecretWithoutEchoAtGenerationAndAgainAtUpdate() throws {
        let harness = try EndToEndHarness()
        defer { harness.cleanUp() }
        try Self.recipe(in: harness)
        let templates = harness.url("T").path
        let made = try TerminalSession.run(
            ["secrets", "Sitter", "com.example.sitter", "--templates", templates],
            steps: TerminalSession.steps([("Folder [./Sitter]: ", "S\r"), ("api-key (secret, not shown): ", Self.secret + "\r")]),
            in: harness.folder, environment: [:]
        )
        #expect(made.missed == nil && made.status == 0, "\(made.transcript)")
        #expect(!made.transcript.contains(Self.secret), "the typed secret was echoed: \(made.transcript)")
        // The terminal printed no Enter either: the next line starts on a line of its own.
        #expect(made.transcript.contains("(secret, not shown): \r\nWithout questions: "), "\(made.transcript)")
        #expect(try harness.text("S/Config.txt").contains("key = \(Self.secret)"))
        try Self.recipe(in: harness, version: "1.1.0")
        // At a terminal too, `--no-input` answers nothing: the secret is missing (64), not asked.
        let unasked = try TerminalSession.run(
            ["update", "S", "--templates", templates, "--no-input"], steps: TerminalSession.steps([]), in: harness.folder, environment: [:]
        )
        #expect(unasked.status == 64 && unasked.transcript.contains("is a secret, which the project's record does not keep"), "\(unasked.transcript)")
        #expect(!unasked.transcript.contains("(secret, not kept in the record)"), "\(unasked.transcript)")
        let updated = try TerminalSession.run(
            ["update", "S", "--templates", templates],
            steps: TerminalSession.steps([("api-key (secret, not kept in the record): ", Self.secret + "\r")]), in: harness.folder, environment: [:]
        )
        #expect(updated.missed == nil && updated.status == 0, "\(updated.transcript)")
        #expect(!updated.transcript.contains(Self.secret))
        #expect(try harness.text("S/Config.txt") == "key = \(Self.secret)\nversion 1.1.0\n")
    }
}
