import Testing
@testable import DuoNewCore

/// `pattern` values in the subset ICU and ECMAScript read alike pass; the rest are named, so
/// `lint` can warn before an editor and duo-new disagree about a value (docs/manifest.md).
@Suite struct RegexPortabilityTests {
    @Test(arguments: [
        "^[A-Z0-9]{10}$|^$", "^[A-Za-z][A-Za-z ,!]*$", "\\d+\\.\\d+", "(?:a|b)+?", "^(?=.*[0-9])[a-z0-9-]{3,}$",
        "(?!x)y", "[\\[\\]]", "a\\+\\+", "\\\\++x".replacingOccurrences(of: "++", with: "+"), "[^/]+", "\\w\\s\\S\\W",
    ])
    func acceptsThePortableSubset(_ pattern: String) {
        #expect(RegexPortability.finding(in: pattern) == nil)
    }

    @Test(arguments: [
        ("\\Aabc", "\\A"), ("abc\\z", "\\z"), ("abc\\Z", "\\Z"), ("\\Qa.b\\E", "\\Q"), ("\\p{L}+", "\\p"),
        ("a*+", "a possessive quantifier '*+'"), ("a{2}+", "a possessive quantifier '}+'"), ("(?>ab)", "(?>…)"),
        ("(?i)abc", "an inline flag '(?i)'"), ("[[:alpha:]]", "[:…:]"), ("[a-z&&[^x]]", "'&&' in a class"),
        ("[]a]", "an empty class"), ("\\x{41}", "\\x{…}"), ("a\\R", "\\R"), ("(?#note)a", "(?#…)"),
    ] as [(String, String)])
    func namesWhatIsOutsideIt(_ pattern: String, _ construct: String) {
        #expect(RegexPortability.finding(in: pattern)?.construct == construct)
    }
}
