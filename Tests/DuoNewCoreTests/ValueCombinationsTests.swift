@testable import DuoNewCore
import Testing

/// The combinations of bool and choice values lint's trial generation tries.
@Suite("Value combinations")
struct ValueCombinationsTests {
    static func bool(_ name: String, default value: String = "false") -> Placeholder {
        Placeholder(name: name, source: .setting(key: name.lowercased(), defaultValue: value, pattern: nil), type: .bool)
    }

    static let mode = Placeholder(
        name: "MODE", source: .setting(key: "mode", defaultValue: "video", pattern: nil), type: .choice([.init("photo"), .init("video"), .init("both")])
    )

    @Test func triesEveryCombinationDefaultsFirstWhenThereAreFew() {
        let combinations = ValueCombinations(placeholders: [
            Placeholder(name: "APP_NAME", source: .appName), Self.bool("GALLERY", default: "true"), Self.mode,
            Placeholder(name: "GREETING", source: .setting(key: "greeting", defaultValue: "Hi", pattern: nil)),
        ])
        #expect(!combinations.isSampled)
        #expect(combinations.total == 6)
        #expect(combinations.combinations == [
            ["GALLERY": "true", "MODE": "video"], ["GALLERY": "true", "MODE": "photo"], ["GALLERY": "true", "MODE": "both"],
            ["GALLERY": "false", "MODE": "video"], ["GALLERY": "false", "MODE": "photo"], ["GALLERY": "false", "MODE": "both"],
        ])
    }

    /// A value whose `ask-if` does not hold keeps its default: combinations giving it another are
    /// none a user can reach, neither tried nor counted.
    @Test func combinationsAnAskIfRulesOutAreLeftOut() throws {
        var custom = Self.bool("CUSTOM")
        custom.askIf = AskCondition(condition: try ConditionParser.parse("CI"), text: "CI")
        let combinations = ValueCombinations(placeholders: [Self.bool("CI", default: "true"), custom])
        #expect(combinations.total == 3 && !combinations.isSampled)
        #expect(!combinations.combinations.contains(["CI": "false", "CUSTOM": "true"]))
        let many = ValueCombinations(placeholders: (1...8).map { Self.bool("FLAG\($0)") } + [Self.bool("CI", default: "true"), custom])
        #expect(many.total == 768 && many.combinations.count == ValueCombinations.limit)
        #expect(!many.combinations.contains { $0["CI"] == "false" && $0["CUSTOM"] == "true" })
    }

    @Test func aRecipeWithoutBoolsOrChoicesHasOneTrialWithNoValuesToVary() {
        let combinations = ValueCombinations(placeholders: [Placeholder(name: "APP_NAME", source: .appName)])
        #expect(combinations.combinations == [[:]])
        #expect(combinations.total == 1)
    }

    @Test func samplesDeterministicallyWithTheDefaultsAndEveryValueWhenThereAreMany() {
        let placeholders = (1...8).map { Self.bool("FLAG\($0)") } + [Self.mode]
        let sample = ValueCombinations(placeholders: placeholders)
        #expect(sample.isSampled)
        #expect(sample.total == 768)
        #expect(sample.combinations.count == ValueCombinations.limit)
        #expect(Set(sample.combinations).count == sample.combinations.count)
        #expect(sample.combinations[0] == Dictionary(uniqueKeysWithValues: (1...8).map { ("FLAG\($0)", "false") } + [("MODE", "video")]))
        for placeholder in placeholders {
            let values = placeholder.type == .bool ? ["false", "true"] : placeholder.type.choiceValues
            #expect(Set(sample.combinations.compactMap { $0[placeholder.name] }) == Set(values), "\(placeholder.name)")
        }
        #expect(ValueCombinations(placeholders: placeholders) == sample)
    }
}
