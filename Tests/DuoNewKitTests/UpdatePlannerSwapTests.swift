@testable import DuoNewCore
import DuoNewKit
import Testing
import TestSupport

/// File and folder swaps as planned steps (issue 26, finding 8), and modes as intent (finding 7),
/// on values: no disk.
@Suite struct UpdatePlannerSwapTests {
    /// The digest every staged entry gets here; what it is does not matter to the order of the operations.
    private static let staged = String(repeating: "d", count: 64)
    typealias Fingerprint = UpdatePlanner.Fingerprint
    private static let old = Fingerprint(sha256: "old", mode: 0o644)
    private static let new = Fingerprint(sha256: "new", mode: 0o644)

    @Test func aFileThatBecomesAFolderIsRemovedThenItsFolderMade() {
        let steps = UpdatePlanner.steps(
            recorded: ["x": Self.old], current: ["x": .file(Self.old)], new: ["x/a": Self.new]
        ) { _ in nil }
        #expect(steps == [.init(path: "x", action: .remove), .init(path: "x/a", action: .add, new: Self.new)])
        let operations = UpdateApplier.operations(for: steps, exists: { $0 == "x" }, digest: { _ in Self.staged })
        #expect(Array(operations.prefix(3)) == [
            .move(from: "x", to: ".duo-new-update/backup/x"), .makeFolder("x"), .place(from: ".duo-new-update/new/x/a", to: "x/a", digest: Self.staged),
        ])
    }

    @Test func aFolderThatBecomesAFileIsEmptiedRemovedThenReplaced() {
        let steps = UpdatePlanner.steps(
            recorded: ["x/a": Self.old], current: ["x": .folder, "x/a": .file(Self.old)], new: ["x": Self.new]
        ) { folder in folder == "x" ? ["a"] : nil }
        #expect(steps == [
            .init(path: "x", action: .add, new: Self.new), .init(path: "x/a", action: .remove), .init(path: "x", action: .removeFolder),
        ])
        let operations = UpdateApplier.operations(for: steps, exists: { ["x", "x/a"].contains($0) }, digest: { _ in Self.staged })
        #expect(Array(operations.prefix(3)) == [
            .move(from: "x/a", to: ".duo-new-update/backup/x/a"), .removeFolder("x", mode: 0o755), .place(from: ".duo-new-update/new/x", to: "x", digest: Self.staged),
        ])
    }

    /// On a disk that ignores case (a Mac's), a path the recipe now spells with other case
    /// (`Readme.md` to `README.md`, `Sources` to `sources`) finds the old entry under the new
    /// spelling (`aliases`). An untouched one is removed, then the new one added, as any rename;
    /// until 2026-12-07 the new spelling counted as there already, so the file left the project.
    @Test func aPathTheRecipeRespellsInCaseIsRemovedThenAddedWhereTheDiskIgnoresCase() {
        let file = UpdatePlanner.steps(
            recorded: ["Readme.md": Self.old], current: ["Readme.md": .file(Self.old), "README.md": .file(Self.old)],
            new: ["README.md": Self.old], aliases: ["README.md": .init(recorded: "Readme.md", listedAsNew: false)]
        ) { _ in nil }
        #expect(file == [.init(path: "README.md", action: .add, new: Self.old), .init(path: "Readme.md", action: .remove)])

        let folder = UpdatePlanner.steps(
            recorded: ["Sources/a.swift": Self.old],
            current: ["Sources": .folder, "sources": .folder, "Sources/a.swift": .file(Self.old), "sources/a.swift": .file(Self.new)],
            new: ["sources/a.swift": Self.new], aliases: ["sources/a.swift": .init(recorded: "Sources/a.swift", listedAsNew: false)]
        ) { $0 == "Sources" ? ["a.swift"] : nil }
        #expect(folder == [
            .init(path: "Sources/a.swift", action: .remove), .init(path: "sources/a.swift", action: .add, new: Self.new),
            .init(path: "Sources", action: .removeFolder),
        ])
        // `exists` tells names apart as they are spelt, so the folder is made again in its new spelling.
        let operations = UpdateApplier.operations(for: folder, exists: { ["Sources", "Sources/a.swift"].contains($0) }, digest: { _ in Self.staged })
        #expect(Array(operations.prefix(4)) == [
            .move(from: "Sources/a.swift", to: ".duo-new-update/backup/Sources/a.swift"), .removeFolder("Sources", mode: 0o755),
            .makeFolder("sources"), .place(from: ".duo-new-update/new/sources/a.swift", to: "sources/a.swift", digest: Self.staged),
        ])
    }

    /// Renamed already to the recipe's new spelling (by the user, say), the entry is the recorded
    /// one under it: replaced when untouched, never removed under the old spelling, which until
    /// 2026-12-07 took the file away while the new spelling counted as a file of the user's.
    @Test func anEntryListedUnderTheNewSpellingIsTheRecordedOne() {
        let alias = UpdatePlanner.CaseAlias(recorded: "Readme.md", listedAsNew: true)
        let steps = UpdatePlanner.steps(
            recorded: ["Readme.md": Self.old], current: ["Readme.md": .file(Self.old), "README.md": .file(Self.old)],
            new: ["README.md": Self.new], aliases: ["README.md": alias]
        ) { _ in nil }
        #expect(steps == [.init(path: "README.md", action: .replace, new: Self.new), .init(path: "Readme.md", action: .unchanged)])
    }

    /// An edited one is the user's: kept under its spelling, the recipe's beside the new one.
    @Test func anEditedPathTheRecipeRespellsInCaseIsKeptWhereTheDiskIgnoresCase() {
        let edited = Fingerprint(sha256: "edited", mode: 0o644)
        let steps = UpdatePlanner.steps(
            recorded: ["Readme.md": Self.old], current: ["Readme.md": .file(edited), "README.md": .file(edited)],
            new: ["README.md": Self.new], aliases: ["README.md": .init(recorded: "Readme.md", listedAsNew: false)]
        ) { _ in nil }
        #expect(steps == [.init(path: "README.md", action: .conflict, new: Self.new), .init(path: "Readme.md", action: .keepDropped)])
    }

    @Test func somethingOfTheUsersInTheWayIsAConflict() {
        // A file of the user's where the recipe now makes a folder: the recipe's goes beside it.
        let blocked = UpdatePlanner.steps(recorded: [:], current: ["x": .file(Self.old)], new: ["x/a/b": Self.new]) { _ in nil }
        #expect(blocked == [.init(path: "x/a/b", action: .conflict, new: Self.new, beside: "x.duo-new/a/b")])
        #expect(blocked[0].conflictPath == "x.duo-new/a/b")
        // A link of the user's the same way: nothing is written through it.
        let linked = UpdatePlanner.steps(recorded: [:], current: ["x": .file(.link(to: "/elsewhere"))], new: ["x/a": Self.new]) { _ in nil }
        #expect(linked.map(\.conflictPath) == ["x.duo-new/a"])
        // A file of the user's in a folder the recipe now makes a file of keeps the folder.
        let kept = UpdatePlanner.steps(
            recorded: ["x/a": Self.old], current: ["x": .folder, "x/a": .file(Self.old)], new: ["x": Self.new]
        ) { folder in folder == "x" ? ["a", "mine"] : nil }
        #expect(kept == [.init(path: "x", action: .conflict, new: Self.new), .init(path: "x/a", action: .remove)])
    }

    @Test func modesCompareAsExecutableOrNot() {
        #expect(Fingerprint(sha256: "h", mode: 0o600) == Fingerprint(sha256: "h", mode: 0o644), "umask 077 on a plain file")
        #expect(Fingerprint(sha256: "h", mode: 0o700) == Fingerprint(sha256: "h", mode: 0o755), "umask 077 on a script")
        #expect(Fingerprint(sha256: "h", mode: 0o744) != Fingerprint(sha256: "h", mode: 0o644), "made executable: an edit")
        #expect(Fingerprint.link(to: "a") != Fingerprint(sha256: "link a", mode: 0o644))
    }
}
