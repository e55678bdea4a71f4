import Testing
@testable import DuoNewCore

/// The names duo-new keeps for itself in a project, compared without case as macOS compares
/// names; an ASCII path by bytes, any other folded, with the same answers.
@Suite struct ReservedProjectNameTests {
    @Test(arguments: [
        ("GENERATION-CHECKS.md", "report"), ("generation-checks.MD", "report"), ("Docs/GENERATION-CHECKS.md", nil),
        (".duo-new-update", "update works"), (".DUO-NEW-UPDATE/journal", "update works"), (".duo-new-updates", nil), ("a/.duo-new-update", nil),
        ("notes.md.duo-new", "beside a file"), ("Notes.Duo-New", "beside a file"), ("ü.duo-new", "beside a file"), ("Ü/.DUO-NEW-UPDATE", nil), ("Ü.DUO-NEW", "beside a file"),
        (".duo-new-update/ü", "update works"), ("GENERATION-CHECKS.md.bak", nil), ("duo-new", nil), ("README.md", nil), ("", nil),
    ] as [(String, String?)])
    func use(path: String, saying: String?) {
        let use = ReservedProjectName.use(of: path)
        if let saying {
            #expect(use?.contains(saying) == true, "\(path): \(use ?? "nil")")
        } else {
            #expect(use == nil, "\(path): \(use ?? "nil")")
        }
    }
}
