import DuoNewKit
import Testing

/// A `trusted` entry is compared with a recipe's URL only after both are put in one form (issue
/// 42, finding 5): git resolves `..` and percent-encodings in a path, so a text comparison
/// trusted `…/team/../evil` and `…/team/%2e%2e/evil`.
@Suite struct TrustedSourceTests {
    private static func trusts(_ entry: String, _ candidate: String) throws -> Bool {
        try TrustedSource(entry).trusts(GitTemplates(candidate))
    }

    @Test(arguments: [
        "git+file:///srv/team/../evil/recipes.git",
        "git+file:///srv/team/%2e%2e/evil/recipes.git",
        "git+file:///srv/team/%2E%2E/evil/recipes.git",
        "git+file:///srv/team/.%2e/evil",
        "git+file:///srv/team/sub//../../evil",
        "git+file:///srv/team/x?/../../evil",
        "git+file:///srv/team%2F..%2Fevil",
        "git+file:///srv/team/a%2fb",
        "git+file:///srv/team/%252e%252e/evil",
        "git+file:///srv/team/..\\evil",
    ])
    func dotSegmentsAndTheirEncodingsNeverLeaveATrustedFolder(_ candidate: String) throws {
        #expect(try !Self.trusts("git+file:///srv/team", candidate), "\(candidate)")
    }

    @Test func overHTTPSDotSegmentsAreResolvedBeforeThePrefixTest() throws {
        #expect(try !Self.trusts("git+https://example.com/team", "git+https://example.com/team/./../evil"))
        #expect(try !Self.trusts("git+https://example.com/team", "git+https://example.com/team/%2e/%2e%2e/evil/recipes.git"))
        #expect(try Self.trusts("git+https://example.com/team", "git+https://example.com/team/./recipes.git"))
        #expect(try Self.trusts("git+https://example.com/team", "git+https://example.com/team/old/../recipes.git"))
        #expect(try Self.trusts("git+https://example.com/team", "git+https://EXAMPLE.com/team/recipes.git"))
        #expect(try Self.trusts("git+https://example.com/team", "git+https://example.com/%74eam/recipes.git"))
    }

    /// `.git` was stripped before the prefix test, so an entry naming one repository trusted
    /// whatever a `..` below it reached.
    @Test func anEntryNamingOneRepositoryTrustsNothingADotSegmentReachesFromIt() throws {
        let entry = "git+https://example.com/team/recipes.git"
        #expect(try !Self.trusts(entry, "git+https://example.com/team/recipes/../../evil/x.git"))
        #expect(try !Self.trusts(entry, "git+https://example.com/team/recipes.git/../../evil"))
        #expect(try !Self.trusts("git+file:///srv/team/recipes.git", "git+file:///srv/team/recipes/../../evil/recipes.git"))
        #expect(try Self.trusts(entry, "git+https://example.com/team/recipes"))
    }

    @Test func anEntryIsPutInTheSameFormOrRefused() throws {
        #expect(try Self.trusts("git+https://example.com/team/../acme", "git+https://example.com/acme/recipes.git"))
        #expect(try !Self.trusts("git+https://example.com/team/../acme", "git+https://example.com/team/recipes.git"))
        #expect(throws: TrustedSourceError.self) { try TrustedSource("git+https://example.com/team/..") }
        #expect(throws: TrustedSourceError.self) { try TrustedSource("git+https://example.com/../team") }
        #expect(throws: TrustedSourceError.self) { try TrustedSource("git+https://example.com/team%2Fx") }
    }
}
