@testable import DuoNewCore
import Testing

/// Each placeholder type, read from what a user types: the value stamped, or the refusal with
/// the valid choices or bounds in it.
@Suite("Placeholder types")
struct ValueTypeTests {
    static let style = ValueType.choice([.init("plain", description: "No frills."), .init("fancy")])

    @Test(arguments: ["true", "yes", "Y", "on", "1", "TRUE"])
    func boolReadsEveryYesAsTrue(_ typed: String) throws {
        #expect(try ValueType.bool.read(typed, key: "shout") == "true")
    }

    @Test(arguments: ["false", "no", "n", "Off", "0"])
    func boolReadsEveryNoAsFalse(_ typed: String) throws {
        #expect(try ValueType.bool.read(typed, key: "shout") == "false")
    }

    @Test func boolRefusesAnythingElseNamingTheWords() {
        #expect(throws: NameError(
            rule: "set.bool",
            message: "the value 'maybe' of 'shout' is not a yes or a no; give 'true' or 'false' (or yes/no, y/n, on/off, 1/0)"
        )) { try ValueType.bool.read("maybe", key: "shout") }
    }

    @Test func choiceTakesOneOfItsValuesExactly() throws {
        #expect(try Self.style.read("fancy", key: "style") == "fancy")
        #expect(try Self.style.read("plain", key: "style") == "plain")
    }

    @Test func choiceRefusesOtherValuesListingTheChoicesAndSuggesting() {
        #expect(throws: NameError(
            rule: "set.choice", message: "the value 'Fancy' of 'style' is not one of its choices, 'plain', 'fancy'; did you mean 'fancy'?"
        )) { try Self.style.read("Fancy", key: "style") }
        #expect(throws: NameError(
            rule: "set.choice", message: "the value 'bold' of 'style' is not one of its choices, 'plain', 'fancy'"
        )) { try Self.style.read("bold", key: "style") }
    }

    @Test func integerTakesDigitsWithinItsBoundsInTheirShortestForm() throws {
        let count = ValueType.integer(minimum: 1, maximum: 10)
        #expect(try count.read("1", key: "count") == "1")
        #expect(try count.read("10", key: "count") == "10")
        #expect(try count.read("007", key: "count") == "7")
        #expect(try ValueType.integer(minimum: nil, maximum: nil).read("-3", key: "n") == "-3")
    }

    @Test func integerRefusesWhatIsNoNumberAndWhatIsOutOfBounds() {
        let count = ValueType.integer(minimum: 1, maximum: 10)
        #expect(throws: NameError(rule: "set.integer", message: "the value 'ten' of 'count' is not a whole number; give a whole number from 1 to 10, in digits")) {
            try count.read("ten", key: "count")
        }
        #expect(throws: NameError(rule: "set.integer", message: "the value '1.5' of 'count' is not a whole number; give a whole number from 1 to 10, in digits")) {
            try count.read("1.5", key: "count")
        }
        #expect(throws: NameError(rule: "set.integer-range", message: "the value 11 of 'count' is above its maximum 10; give a whole number from 1 to 10")) {
            try count.read("11", key: "count")
        }
        #expect(throws: NameError(rule: "set.integer-range", message: "the value 0 of 'count' is below its minimum 1; give a whole number from 1 to 10")) {
            try count.read("0", key: "count")
        }
        #expect(throws: NameError(rule: "set.integer-range", message: "the value '99999999999999999999' of 'n' is too large a number (above 9223372036854775807); give a whole number at least 1")) {
            try ValueType.integer(minimum: 1, maximum: nil).read("99999999999999999999", key: "n")
        }
        #expect(throws: NameError(rule: "set.integer-range", message: "the value '-9223372036854775809' of 'n' is too small a number (below -9223372036854775808); give a whole number")) {
            try ValueType.integer(minimum: nil, maximum: nil).read("-9223372036854775809", key: "n")
        }
        #expect(throws: NameError(rule: "set.integer", message: "the value 'x' of 'n' is not a whole number; give a whole number, in digits")) {
            try ValueType.integer(minimum: nil, maximum: nil).read("x", key: "n")
        }
    }

    @Test func aStringsPatternFailureShowsItsHint() throws {
        let greeting = Placeholder(
            name: "GREETING", source: .setting(key: "greeting", defaultValue: "Hello", pattern: "[A-Z][a-z]*"), hint: "one capitalised word"
        )
        #expect(throws: NameError(
            rule: "set.pattern", message: "the value 'hi there' of 'greeting' does not match the template's pattern '[A-Z][a-z]*'; one capitalised word"
        )) { try greeting.read("hi there") }
        #expect(try greeting.read("Howdy") == "Howdy")
    }

    /// Every value a placeholder reads (typed, kept in a record or a config) is held to the
    /// limit, a choice's and a secret's too; the secret's refusal does not show it.
    @Test func everyValueIsHeldToTheLimit() throws {
        let long = String(repeating: "a", count: PlaceholderValues.maximumValueBytes + 1)
        let greeting = Placeholder(name: "GREETING", source: .setting(key: "greeting", defaultValue: "Hello", pattern: nil))
        #expect(throws: NameError(rule: "set.length", message: "the value of 'greeting' is 1025 bytes long; a value may have at most 1024 bytes")) {
            try greeting.read(long)
        }
        #expect(try greeting.read(String(long.dropFirst())).utf8.count == PlaceholderValues.maximumValueBytes)
        var token = greeting
        token.secret = true
        #expect(throws: NameError(rule: "set.length", message: "the secret value of 'greeting' (not shown) is longer than 1024 bytes")) {
            try token.read(long)
        }
    }

    @Test func resolvedValuesAreKeptInTheirStampedForm() throws {
        let manifest = Manifest(name: "x", summary: "X.", version: "1.0.0", placeholders: [
            Placeholder(name: "APP_NAME", source: .appName),
            Placeholder(name: "SHOUT", source: .setting(key: "shout", defaultValue: "false", pattern: nil), type: .bool),
            Placeholder(name: "COUNT", source: .setting(key: "count", defaultValue: "3", pattern: nil), type: .integer(minimum: 1, maximum: 9)),
        ])
        let values = try PlaceholderValues.resolve(manifest: manifest, appName: "Hi", bundleID: "com.example.hi", settings: [("shout", "yes"), ("count", "04")])
        #expect(values == ["APP_NAME": "Hi", "SHOUT": "true", "COUNT": "4"])
        #expect(throws: PlaceholderValueError.invalidValue(NameError(
            rule: "set.bool", message: "the value 'loud' of 'shout' is not a yes or a no; give 'true' or 'false' (or yes/no, y/n, on/off, 1/0)"
        ))) { try PlaceholderValues.resolve(manifest: manifest, appName: "Hi", bundleID: "com.example.hi", settings: [("shout", "loud")]) }
    }
}
