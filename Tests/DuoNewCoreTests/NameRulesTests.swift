import Testing
@testable import DuoNewCore

/// The AppName and bundle-id rules, each refusal naming its rule and, where obvious, a fix.
@Suite struct NameRulesTests {
    static let context = NameContext(
        topLevelNames: ["Tools", "README.md", "__APP_NAME__", "__APP_NAME__.xcodeproj", "__APP_NAME__UITests", "docs"],
        reservedNames: ["Studio"],
        declaredTypes: ["StudioStore", "CaptureService"],
        appNameToken: "__APP_NAME__"
    )

    @Test(arguments: ["Sitter", "A", "Camera2", "PhotoBooth", "X1Y2", String(repeating: "a", count: 50)])
    func acceptsGoodAppNames(_ name: String) throws {
        try NameRules.checkAppName(name, context: Self.context)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let value: String
        let rule: String
        let suggestion: String?
        var testDescription: String { "'\(value)' → \(rule)" }
    }

    static let badAppNames: [Refusal] = [
        Refusal(value: "", rule: "app-name.empty", suggestion: nil),
        Refusal(value: "My App", rule: "app-name.characters", suggestion: "MyApp"),
        Refusal(value: "my-app", rule: "app-name.characters", suggestion: "MyApp"),
        Refusal(value: "my_app", rule: "app-name.characters", suggestion: "MyApp"),
        Refusal(value: "Café", rule: "app-name.characters", suggestion: "Cafe"),
        Refusal(value: "Sitter!", rule: "app-name.characters", suggestion: "Sitter"),
        Refusal(value: "../Sitter", rule: "app-name.characters", suggestion: "Sitter"),
        Refusal(value: "2Cams", rule: "app-name.first-character", suggestion: "Cams"),
        Refusal(value: String(repeating: "A", count: 51), rule: "app-name.length", suggestion: String(repeating: "A", count: 50)),
        Refusal(value: "class", rule: "app-name.swift-keyword", suggestion: "ClassApp"),
        Refusal(value: "Self", rule: "app-name.swift-keyword", suggestion: "SelfApp"),
        Refusal(value: "SwiftUI", rule: "app-name.module", suggestion: "MySwiftUI"),
        Refusal(value: "avfoundation", rule: "app-name.module", suggestion: "Myavfoundation"),
        Refusal(value: "XCTest", rule: "app-name.module", suggestion: "MyXCTest"),
        Refusal(value: "Studio", rule: "app-name.reserved", suggestion: "StudioApp"),
        Refusal(value: "tools", rule: "app-name.top-level", suggestion: "toolsApp"),
        Refusal(value: "DOCS", rule: "app-name.top-level", suggestion: "DOCSApp"),
        Refusal(value: "StudioStore", rule: "app-name.declared-type", suggestion: "StudioStoreApp"),
        // The obvious fix, 'Tipkit', is the module TipKit: no suggestion beats a wrong one.
        Refusal(value: "tipkit!", rule: "app-name.characters", suggestion: nil),
    ]

    @Test(arguments: badAppNames)
    func refusesBadAppNameWithRuleAndFix(_ refusal: Refusal) {
        Self.expect(refusal) { () throws(NameError) in try NameRules.checkAppName(refusal.value, context: Self.context) }
    }

    /// The check refuses the value with the refusal's rule and suggestion.
    static func expect(_ refusal: Refusal, from check: () throws(NameError) -> Void) {
        do {
            try check()
            Issue.record("'\(refusal.value)' was accepted")
        } catch {
            #expect(error.rule == refusal.rule)
            #expect(error.suggestion == refusal.suggestion)
        }
    }

    /// Keywords are compared with case, as the compiler does: `Any` and `Type` are keywords,
    /// `Class` and `Var` are ordinary names.
    @Test func swiftKeywordRuleComparesWithCase() throws {
        for keyword in ["Any", "Type", "Protocol", "Self"] {
            Self.expect(Refusal(value: keyword, rule: "app-name.swift-keyword", suggestion: "\(keyword)App")) { () throws(NameError) in
                try NameRules.checkAppName(keyword, context: Self.context)
            }
        }
        for name in ["Class", "Var", "Struct", "Return"] {
            try NameRules.checkAppName(name, context: Self.context)
        }
    }

    /// The template's reserved names are compared without case, as macOS file systems compare.
    @Test func reservedNamesAreComparedWithoutCase() {
        for name in ["STUDIO", "studio", "sTuDiO"] {
            Self.expect(Refusal(value: name, rule: "app-name.reserved", suggestion: "\(name)App")) { () throws(NameError) in
                try NameRules.checkAppName(name, context: Self.context)
            }
        }
    }

    @Test func topLevelClashComparesStampedNamesWithoutCase() {
        // `Foo` would make `FooUITests`, which another fixed entry already uses.
        let context = NameContext(topLevelNames: ["__APP_NAME__UITests", "FooUITests"], appNameToken: "__APP_NAME__")
        #expect(throws: NameError(
            rule: "app-name.top-level",
            message: "the AppName 'foo' clashes with 'FooUITests' at the top of the template, compared without case as macOS file systems do",
            suggestion: "fooApp"
        )) { try NameRules.checkAppName("foo", context: context) }
    }

    @Test func messageNamesTheCharacterAndTheFix() {
        #expect(throws: NameError(
            rule: "app-name.characters",
            message: "the AppName 'My App' has a space, but only ASCII letters and digits are allowed",
            suggestion: "MyApp"
        )) { try NameRules.checkAppName("My App", context: Self.context) }
        let error = NameError(rule: "r", message: "the AppName 'My App' has a space", suggestion: "MyApp")
        #expect(error.description == "the AppName 'My App' has a space; try 'MyApp'")
    }

    // MARK: - Bundle ids

    @Test(arguments: ["com.example.sitter", "com.example.my-app", "a.b", "COM.Example.App2", "com.1example.app"])
    func acceptsGoodBundleIDs(_ id: String) throws {
        try NameRules.checkBundleID(id)
    }

    static let badBundleIDs: [Refusal] = [
        Refusal(value: "", rule: "bundle-id.empty", suggestion: nil),
        Refusal(value: "sitter", rule: "bundle-id.segments", suggestion: "com.example.sitter"),
        Refusal(value: "com.example.my_app", rule: "bundle-id.characters", suggestion: "com.example.my-app"),
        Refusal(value: "com.example.my app", rule: "bundle-id.characters", suggestion: "com.example.my-app"),
        Refusal(value: "com.exämple.app", rule: "bundle-id.characters", suggestion: "com.example.app"),
        Refusal(value: "com/example/app", rule: "bundle-id.characters", suggestion: nil),
        Refusal(value: ".com.example", rule: "bundle-id.empty-segment", suggestion: "com.example"),
        Refusal(value: "com.example.", rule: "bundle-id.empty-segment", suggestion: "com.example"),
        Refusal(value: "com..example", rule: "bundle-id.empty-segment", suggestion: "com.example"),
        Refusal(value: "com." + String(repeating: "a", count: 152), rule: "bundle-id.length", suggestion: nil),
    ]

    @Test(arguments: badBundleIDs)
    func refusesBadBundleIDWithRuleAndFix(_ refusal: Refusal) {
        Self.expect(refusal) { () throws(NameError) in try NameRules.checkBundleID(refusal.value) }
    }

    @Test func longestAcceptedBundleIDLeavesRoomForTheDeclaredSuffix() throws {
        let id = "com." + String(repeating: "a", count: 143)
        #expect(id.count + ".UITests".count == NameRules.maximumBundleIDLength)
        try NameRules.checkBundleID(id, suffixes: [".UITests"])
        let longer = id + "a"
        #expect(throws: NameError(
            rule: "bundle-id.suffixed-length",
            message: "the bundle id '\(longer)' makes the recipe's id '\(longer).UITests' 156 characters long, more than Apple's 155",
            suggestion: id
        )) { try NameRules.checkBundleID(longer, suffixes: [".UITests", ".Tests"]) }
    }

    /// A recipe without UI tests declares no suffix: ids up to Apple's 155 characters pass.
    @Test func bundleIDWithoutDeclaredSuffixesMayTakeAppleWholeLimit() throws {
        let id = "com." + String(repeating: "a", count: 151)
        #expect(id.count == NameRules.maximumBundleIDLength)
        try NameRules.checkBundleID(id)
        #expect(throws: NameError.self) { try NameRules.checkBundleID(id + "a") }
    }

    // MARK: - --set values

    @Test func settingMustMatchTheWholePattern() throws {
        try NameRules.checkSetting("ABCDE12345", key: "team-id", pattern: "[A-Z0-9]{10}")
        #expect(throws: NameError(
            rule: "set.pattern",
            message: "the value 'ABCDE12345X' of 'team-id' does not match the template's pattern '[A-Z0-9]{10}'"
        )) { try NameRules.checkSetting("ABCDE12345X", key: "team-id", pattern: "[A-Z0-9]{10}") }
    }

    @Test(arguments: ["two\nlines", "tab\there", "__EVIL__"])
    func settingRefusesControlCharactersAndTokens(_ value: String) {
        #expect(throws: NameError.self) { try NameRules.checkSetting(value, key: "k", pattern: nil) }
    }

    /// The refusal quotes what was found, not a placeholder of the shape.
    @Test func tokenShapedSettingQuotesTheTextFound() {
        #expect(throws: NameError(
            rule: "set.token",
            message: "the value of 'greeting' holds '__USER__', text shaped like a token, which a value may not hold; choose a value without '__' around capitals"
        )) { try NameRules.checkSetting("Hi __USER__!", key: "greeting", pattern: nil) }
    }
}
