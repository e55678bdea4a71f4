import Testing
@testable import DuoNewCore

/// Derived values, defaults from answers, dates and conditional questions, on values alone:
/// the filters, the expression parser, the decoder's diagnostics at their columns, and the
/// order in which `PlaceholderValues` works the values out.
@Suite struct ValueExpressionTests {
    @Test(arguments: [
        (TextFilter.words, "MyCoolApp", "My Cool App"), (.kebab, "MyCoolApp", "my-cool-app"), (.snake, "HTTPServer", "http_server"),
        (.camel, "my-cool app", "myCoolApp"), (.pascal, "my_cool_app", "MyCoolApp"), (.lower, "MyApp", "myapp"), (.upper, "MyApp", "MYAPP"),
        (.trim, "  My App ", "My App"), (.kebab, "App2Go", "app2-go"),
        // A word starts in title case, which differs from capitals for a few letters.
        (.pascal, "ﬁle share", "FileShare"), (.camel, "my ǆungla", "myǅungla"), (.pascal, "école", "École"),
    ])
    func filtersChangeTextAsDocumented(_ filter: TextFilter, _ input: String, _ output: String) {
        #expect(filter.apply(input) == output)
    }

    @Test func parsesANameAndItsFilters() throws {
        let expression = try ExpressionParser.parse("APP_NAME | kebab|upper", key: "value")
        #expect(expression.terms == [.value(Condition.Name("APP_NAME", offset: 0), filters: [.kebab, .upper])])
        #expect(expression.evaluate(["APP_NAME": "MyCoolApp"]) == "MY-COOL-APP")
    }

    /// A default built from answers and fixed text: `com.<org>.<name>`, a repository's address.
    @Test func joinsQuotedTextsAndValuesWithPlus() throws {
        let bundle = try ExpressionParser.parse("'com.' + ORG | lower + '.' + APP_NAME | lower", key: "default-from")
        #expect(bundle.names.map(\.name) == ["ORG", "APP_NAME"])
        #expect(bundle.names.map(\.offset) == [9, 29])
        #expect(bundle.evaluate(["ORG": "Acme", "APP_NAME": "MyCoolApp"]) == "com.acme.mycoolapp")
        #expect(bundle.evaluate(["ORG": "Acme"]) == nil, "a name without a value leaves the whole expression without one")
        let address = try ExpressionParser.parse("'https://github.com/' + ORG | kebab + '/' + APP_NAME", key: "value")
        #expect(address.evaluate(["ORG": "Acme Tools", "APP_NAME": "Sitter"]) == "https://github.com/acme-tools/Sitter")
        #expect(try ExpressionParser.parse("'a b' + 'c'", key: "value").evaluate([:]) == "a bc")
    }

    @Test(arguments: [
        ("'com.' | lower", 7, "in 'value': '|', where '+' or the end was expected"),
        ("ORG +", 5, "in 'value': the end, where a name or a quoted text after '+' was expected"),
        ("+ ORG", 0, "in 'value': '+', where a placeholder's name or a quoted text was expected"),
        ("ORG 'x'", 4, "in 'value': a quoted text, where '|', '+' or the end was expected"),
        ("'com.", 0, "in 'value': a quote that is never closed, where a closing ' was expected"),
        ("ORG + + APP", 6, "in 'value': '+', where a name or a quoted text after '+' was expected"),
    ])
    func refusesABrokenJoinAtItsOffset(_ text: String, _ offset: Int, _ message: String) {
        do {
            _ = try ExpressionParser.parse(text, key: "value")
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.offset == offset, "\(text)")
            #expect(error.problem.message.hasPrefix(message), "\(error.problem.message)")
        }
    }

    @Test func anUndeclaredNameLaterInAJoinIsRefusedAtItsColumn() {
        let text = "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  ID:\n    from: derived\n    value: \"'com.' + ORG | lower\"\n"
        do {
            _ = try ManifestDecoder.decode(text, file: "template.yaml")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.rendered) == ["template.yaml:8:22: error: 'value' reads 'ORG', which no placeholder declares; declare it under 'placeholders', or start from one that is"])
        }
    }

    @Test func refusesAnUnknownFilterAtItsOffsetWithASuggestion() {
        #expect(throws: ExpressionParser.Failure(offset: 11, problem: .unknownFilter("kebap", key: "value", suggestion: "kebab"))) {
            try ExpressionParser.parse("APP_NAME | kebap", key: "value")
        }
        #expect(throws: ExpressionParser.Failure.self) { try ExpressionParser.parse("APP_NAME |", key: "value") }
        #expect(throws: ExpressionParser.Failure.self) { try ExpressionParser.parse("app_name", key: "value") }
    }

    static let manifestText = """
    name: derived
    summary: Values worked out from others.
    version: 1.0.0
    placeholders:
      APP_NAME: {from: app-name}
      SLUG:
        from: derived
        value: APP_NAME | kebab
      TITLE:
        from: set
        default-from: APP_NAME | words
      CI:
        from: set
        type: choice
        choices: [github, none]
        default: none
      RUNNER:
        from: set
        default: hosted
        ask-if: CI == github
      YEAR: {from: year}
      DAY: {from: date}
    """

    @Test func resolvesDerivedValuesDefaultsFromAnswersAndTheDay() throws {
        let manifest = try ManifestDecoder.decode(Self.manifestText, file: "template.yaml")
        let today = CalendarDay(year: 2026, month: 3, day: 4)
        let values = try PlaceholderValues.resolve(manifest: manifest, appName: "MyCoolApp", bundleID: "", settings: [], today: today)
        #expect(values["SLUG"] == "my-cool-app")
        #expect(values["TITLE"] == "My Cool App")
        #expect(values["RUNNER"] == "hosted")
        #expect(values["YEAR"] == "2026" && values["DAY"] == "2026-03-04")
        let kept = try PlaceholderValues.resolve(
            manifest: manifest, appName: "Other", bundleID: "", settings: [], fallbacks: ["YEAR": "2020", "DAY": "2020-01-01"], today: today
        )
        #expect(kept["YEAR"] == "2020" && kept["DAY"] == "2020-01-01" && kept["SLUG"] == "other", "a recorded day is kept; a derived value follows its source")
    }

    /// A recipe that changes a placeholder from `from: date` to `from: year` (or back) between
    /// versions still updates: the recorded day's year, or today's day, since a year cannot say
    /// which day; a recorded day of neither form is still refused.
    @Test func aRecordedDayOfTheOtherFormIsStampedInThisOne() throws {
        let manifest = try ManifestDecoder.decode(Self.manifestText, file: "template.yaml")
        let today = CalendarDay(year: 2026, month: 3, day: 4)
        let values = try PlaceholderValues.resolve(
            manifest: manifest, appName: "A", bundleID: "", settings: [], fallbacks: ["YEAR": "2020-05-06", "DAY": "2020"], today: today
        )
        #expect(values["YEAR"] == "2020" && values["DAY"] == "2026-03-04")
        #expect(throws: PlaceholderValueError.self) {
            try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: [], fallbacks: ["YEAR": "2020-13-01"], today: today)
        }
    }

    /// A kept value (the record's, the config's) that a newer recipe's rule refuses says which
    /// `--set` replaces it, as every other refusal of a value says how to mend it.
    @Test func aKeptValueTheRuleRefusesSaysWhichSetReplacesIt() throws {
        let manifest = try ManifestDecoder.decode(Self.manifestText, file: "template.yaml")
        let error = #expect(throws: PlaceholderValueError.self) {
            try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: [], fallbacks: ["CI": "gitlab"])
        }
        #expect(error?.message.hasSuffix("kept in the project's record or your config's 'set'; '--set ci=…' replaces it)") == true, "\(error?.message ?? "")")
        #expect(error?.isUsageError == false, "still the value's fault (65)")
    }

    @Test func aSetForAQuestionNotAskedIsRefusedSayingWhy() throws {
        let manifest = try ManifestDecoder.decode(Self.manifestText, file: "template.yaml")
        #expect(throws: PlaceholderValueError.notAsked("runner", condition: "CI == github")) {
            try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: [("runner", "self")])
        }
        let asked = try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: [("ci", "github"), ("runner", "self")])
        #expect(asked["RUNNER"] == "self")
    }

    /// A derived value that breaks a value's rules names the values the user chose that it reads,
    /// through other derived values too; one read from the recipe's defaults names none.
    @Test func aBrokenDerivedValueNamesTheUsersValuesItIsMadeFrom() throws {
        let manifest = try ManifestDecoder.decode(
            "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  ORG: {from: set, default: __acme__}\n"
                + "  TEAM: {from: set, default: x}\n  MID: {from: derived, value: \"ORG + TEAM\"}\n  LOUD: {from: derived, value: \"MID | upper\"}\n",
            file: "template.yaml"
        )
        func keys(_ settings: [(key: String, value: String)], fallbacks: [String: String] = [:]) -> [String]? {
            do {
                _ = try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: settings, fallbacks: fallbacks)
                return nil
            } catch {
                guard case .invalidDerived(_, let from) = error else { return nil }
                return from
            }
        }
        #expect(keys([("org", "__abc__")]) == ["org"])
        #expect(keys([("org", "__abc"), ("team", "__")]) == ["org", "team"])
        #expect(keys([("org", "__abc")], fallbacks: ["TEAM": "__"]) == ["org", "team"], "a kept value is the user's too")
        #expect(keys([], fallbacks: ["TEAM": "y"]) == [], "no 'team' mends the recipe's own '__acme__'")
        #expect(keys([]) == [], "the recipe's own default")

        let literal = try ManifestDecoder.decode(
            "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  ORG: {from: set, default: acme}\n"
                + "  X: {from: derived, value: \"'a\\tb' + ORG\"}\n",
            file: "template.yaml"
        )
        #expect(throws: PlaceholderValueError.self) {
            try PlaceholderValues.resolve(manifest: literal, appName: "A", bundleID: "", settings: [("org", "mine")])
        }
        do {
            _ = try PlaceholderValues.resolve(manifest: literal, appName: "A", bundleID: "", settings: [("org", "mine")])
        } catch {
            #expect(error.isRecipesFault, "the tab is the recipe's own text, whatever 'org' is: \(error.message)")
        }
    }

    /// A `--set` for a value the recipe works out itself says where it comes from and what to
    /// give instead, rather than only that the recipe has no such setting.
    @Test func aSetForAValueNeverAskedSaysWhereItComesFrom() throws {
        let manifest = try ManifestDecoder.decode(
            "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  ORG: {from: set, default: Acme}\n"
                + "  ORG_SLUG: {from: derived, value: ORG | kebab}\n  URL: {from: derived, value: \"'https://x/' + ORG_SLUG + '/' + APP_NAME\"}\n"
                + "  YEAR: {from: year}\n",
            file: "template.yaml"
        )
        func message(_ key: String) -> String? {
            do {
                _ = try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: [(key, "x")])
                return nil
            } catch {
                #expect(error.isUsageError)
                return error.message
            }
        }
        #expect(message("org-slug") == "this recipe takes no '--set org-slug=…': ORG_SLUG is worked out by the recipe from other values ('ORG | kebab'); leave it out, and change '--set org=…' instead")
        #expect(message("url")?.hasSuffix("leave it out, and change '--set org=…' instead") == true, "through another derived value")
        #expect(message("year") == "this recipe takes no '--set year=…': YEAR is the day of generation, stamped as it is and kept by 'update'; leave it out")
        #expect(message("app-name") == "this recipe takes no '--set app-name=…': APP_NAME is the <AppName> argument; give it there")
        #expect(message("orgg") == "this recipe has no setting 'orgg'; did you mean 'org'?")
    }

    /// `renamed-from` names one former token, or several, the newest first; each must be a token
    /// name, given once, and not the placeholder's own, refused at its own place.
    @Test func renamedFromTakesOneNameOrAListOfThem() throws {
        let head = "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  HEADLINE:\n    from: set\n    default: x\n"
        let one = try ManifestDecoder.decode(head + "    renamed-from: TITLE\n", file: "template.yaml")
        #expect(one.placeholders.first { $0.name == "HEADLINE" }?.renamedFrom == ["TITLE"])
        let two = try ManifestDecoder.decode(head + "    renamed-from: [TITLE, NAME]\n", file: "template.yaml")
        #expect(two.placeholders.first { $0.name == "HEADLINE" }?.renamedFrom == ["TITLE", "NAME"])
        let own = "error: 'renamed-from' of placeholder 'HEADLINE' must name the tokens it had before, not its own"
        for (list, expected) in [("[TITLE, TITLE]", "error: 'renamed-from' of placeholder 'HEADLINE' lists 'TITLE' twice; list each former name once"), ("[TITLE, HEADLINE]", own), ("[TITLE, title]", own)] {
            do {
                _ = try ManifestDecoder.decode(head + "    renamed-from: \(list)\n", file: "template.yaml")
                Issue.record("\(list) decoded")
            } catch {
                // At the item at fault, the second.
                #expect(error.diagnostics.first?.rendered.hasPrefix("template.yaml:9:27: " + expected) == true, "\(error.diagnostics.map(\.rendered))")
            }
        }
        #expect(throws: (any Error).self, "an empty list names nothing") { try ManifestDecoder.decode(head + "    renamed-from: []\n", file: "template.yaml") }
    }

    @Test func everyMissingValueIsNamedInOneError() throws {
        let manifest = try ManifestDecoder.decode(
            "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n  ORG: {from: set}\n  TEAM: {from: set}\n", file: "template.yaml"
        )
        #expect(throws: PlaceholderValueError.missingKeys([.init(key: "org", description: nil), .init(key: "team", description: nil)])) {
            try PlaceholderValues.resolve(manifest: manifest, appName: "A", bundleID: "", settings: [])
        }
    }

    @Test(arguments: [
        ("    value: APP_NAM | kebab", "template.yaml:7:12: error: 'value' reads 'APP_NAM', which no placeholder declares; did you mean 'APP_NAME'?"),
        ("    value: APP_NAME | kebap", "template.yaml:7:23: error: 'value' uses the filter 'kebap', which duo-new does not have; did you mean 'kebab'?"),
        ("    value: SLUG | upper", "template.yaml:5:3: error: placeholders need one another's values in a ring ('SLUG' → 'SLUG'), so none can be worked out; start one of them from a value that is given"),
    ])
    func lintRefusesABadExpressionAtItsColumn(_ line: String, _ expected: String) {
        let text = "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  SLUG:\n    from: derived\n\(line)\n  APP_NAME: {from: app-name}\n"
        do {
            _ = try ManifestDecoder.decode(text, file: "template.yaml")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.rendered) == [expected])
        }
    }

    /// The diagnostics a manifest of `name: m` with `placeholders` (APP_NAME first, on line 5)
    /// and what follows is refused with, rendered; nil when it decodes.
    private static func refusal(_ placeholdersAndMore: String) -> [String]? {
        let text = "name: m\nsummary: s\nversion: 1.0.0\nplaceholders:\n  APP_NAME: {from: app-name}\n" + placeholdersAndMore
        do {
            _ = try ManifestDecoder.decode(text, file: "template.yaml")
            return nil
        } catch {
            return error.diagnostics.map(\.rendered)
        }
    }

    @Test func lintRefusesARingOfTwoAndAnAskIfNamingNothingAtTheirPlaces() throws {
        let rendered = try #require(Self.refusal("""
              A: {from: set, default-from: B | lower}
              B: {from: derived, value: A | upper}
              C:
                from: set
                default: x
                ask-if: GITHUB
            """), "decoded")
        #expect(rendered.contains("template.yaml:6:3: error: placeholders need one another's values in a ring ('A' → 'B' → 'A'), so none can be worked out; start one of them from a value that is given"), "\(rendered)")
        #expect(rendered.contains { $0.hasPrefix("template.yaml:11:13: error: 'ask-if' tests 'GITHUB', which no placeholder declares") }, "\(rendered)")
    }

    /// A secret is stamped into files only: a value worked out from it, or a printed text
    /// holding it, would put it in the record and on the terminal. Each use is refused at its
    /// place, in one run with a problem of another placeholder (which does not hide them).
    @Test func aSecretIsReadByNoExpressionAndPrintedInNoNextSteps() throws {
        let rendered = try #require(Self.refusal("""
              API_KEY: {from: set, secret: true}
              UP: {from: derived, value: API_KEY | upper}
              ECHO: {from: set, default-from: "'k-' + API_KEY"}
              BROKEN: {from: nowhere}
            next-steps: |
              key __API_KEY__
            """), "decoded")
        #expect(rendered.contains { $0.hasPrefix("template.yaml:7:30: error: 'value' reads 'API_KEY', a secret;") }, "\(rendered)")
        #expect(rendered.contains { $0.hasPrefix("template.yaml:8:43: error: 'default-from' reads 'API_KEY', a secret;") }, "\(rendered)")
        #expect(rendered.contains { $0.hasPrefix("template.yaml:11:7: error: 'next-steps' holds '__API_KEY__', a secret's token") }, "\(rendered)")
        #expect(rendered.contains { $0.contains("'nowhere'") }, "\(rendered)")
        #expect(!rendered.contains { $0.contains("BROKEN") && $0.contains("no placeholder declares") }, "a placeholder that failed is not also undeclared: \(rendered)")
    }

    /// A recorded day is stamped again only in its placeholder's form, and only a real day.
    @Test(arguments: [
        ("2026", CalendarDay.Form.year, true), ("0026", .year, true), ("26", .year, false), ("20260", .year, false), ("२०२६", .year, false),
        ("2026-12-05", .date, true), ("2024-02-29", .date, true), ("2000-02-29", .date, true), ("2100-02-29", .date, false),
        ("2026-02-30", .date, false), ("2026-13-01", .date, false), ("2026-1-05", .date, false), ("2026-12-05 ", .date, false), ("2026", .date, false),
    ])
    func aRecordedDayIsInItsForm(text: String, form: CalendarDay.Form, stamped: Bool) {
        #expect(CalendarDay.isStamped(text, as: form) == stamped)
    }
}
