@testable import DuoNewCore
import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The per-file decisions of `duo-new update`, on values: no disk.
@Suite struct UpdatePlannerTests {
    /// The digest every staged entry gets here; what it is does not matter to the order of the operations.
    private static let staged = String(repeating: "d", count: 64)
    private static let old = UpdatePlanner.Fingerprint(sha256: "old", mode: 0o644)
    private static let new = UpdatePlanner.Fingerprint(sha256: "new", mode: 0o644)
    private static let mine = UpdatePlanner.Fingerprint(sha256: "mine", mode: 0o644)

    private func action(
        recorded: UpdatePlanner.Fingerprint?, current: UpdatePlanner.Current, new: UpdatePlanner.Fingerprint?
    ) -> UpdatePlanner.Action {
        let steps = UpdatePlanner.plan(
            recorded: recorded.map { ["a/f.txt": $0] } ?? [:], current: ["a/f.txt": current], new: new.map { ["a/f.txt": $0] } ?? [:]
        )
        return steps.first?.action ?? .unchanged
    }

    @Test func untouchedAndChangedInTheRecipeIsReplaced() {
        #expect(action(recorded: Self.old, current: .file(Self.old), new: Self.new) == .replace)
    }

    @Test func untouchedAndUnchangedIsLeftAlone() {
        #expect(action(recorded: Self.old, current: .file(Self.old), new: Self.old) == .unchanged)
    }

    @Test func editedAndUnchangedInTheRecipeIsKept() {
        #expect(action(recorded: Self.old, current: .file(Self.mine), new: Self.old) == .keepEdited)
    }

    @Test func editedAndChangedInTheRecipeIsAConflict() {
        #expect(action(recorded: Self.old, current: .file(Self.mine), new: Self.new) == .conflict)
    }

    @Test func editedToWhatTheRecipeNowMakesNeedsNothing() {
        #expect(action(recorded: Self.old, current: .file(Self.new), new: Self.new) == .unchanged)
    }

    @Test func aModeChangeCountsAsAnEdit() {
        let executable = UpdatePlanner.Fingerprint(sha256: "old", mode: 0o755)
        #expect(action(recorded: Self.old, current: .file(executable), new: Self.new) == .conflict)
        #expect(action(recorded: Self.old, current: .file(Self.old), new: executable) == .replace)
    }

    @Test func aNewRecipeFileIsAdded() {
        #expect(action(recorded: nil, current: .missing, new: Self.new) == .add)
    }

    @Test func aNewRecipeFileWhereTheUserHasAnotherIsAConflict() {
        #expect(action(recorded: nil, current: .file(Self.mine), new: Self.new) == .conflict)
        #expect(action(recorded: nil, current: .other, new: Self.new) == .conflict)
        #expect(action(recorded: nil, current: .file(Self.new), new: Self.new) == .unchanged)
    }

    @Test func aDroppedUntouchedFileIsRemoved() {
        #expect(action(recorded: Self.old, current: .file(Self.old), new: nil) == .remove)
    }

    @Test func aDroppedEditedFileIsKept() {
        #expect(action(recorded: Self.old, current: .file(Self.mine), new: nil) == .keepDropped)
        #expect(action(recorded: Self.old, current: .other, new: nil) == .keepDropped)
    }

    @Test func aDroppedFileTheUserDeletedNeedsNothing() {
        #expect(action(recorded: Self.old, current: .missing, new: nil) == .unchanged)
    }

    @Test func aFileTheUserDeletedIsNotRestored() {
        #expect(action(recorded: Self.old, current: .missing, new: Self.new) == .userDeleted)
        #expect(action(recorded: Self.old, current: .missing, new: Self.old) == .userDeleted)
    }

    @Test func stepsAreSortedAndCarryTheNewFingerprint() {
        let steps = UpdatePlanner.plan(
            recorded: ["b": Self.old, "a": Self.old], current: ["a": .file(Self.old), "b": .file(Self.old)], new: ["a": Self.new, "c": Self.new]
        )
        #expect(steps == [
            .init(path: "a", action: .replace, new: Self.new),
            .init(path: "b", action: .remove),
            .init(path: "c", action: .add, new: Self.new),
        ])
    }

    /// Removals first (so a file that becomes a folder, or a folder that becomes a file, is out
    /// of the way before its replacement), the record last.
    @Test func theOperationsRemoveFirstAndMoveTheRecordLast() {
        let steps: [UpdatePlanner.Step] = [
            .init(path: "a", action: .replace, new: Self.new),
            .init(path: "d/e/f", action: .add, new: Self.new),
            .init(path: "g", action: .conflict, new: Self.new),
            .init(path: "h", action: .remove),
        ]
        let operations = UpdateApplier.operations(for: steps, exists: { ["a", "g", "h", "d", Planner.recordFileName].contains($0) }, digest: { _ in Self.staged })
        let work = UpdateApplier.workFolder
        #expect(operations == [
            .move(from: "h", to: "\(work)/backup/h"),
            .move(from: "a", to: "\(work)/backup/a"),
            .place(from: "\(work)/new/a", to: "a", digest: Self.staged),
            .makeFolder("d/e"),
            .place(from: "\(work)/new/d/e/f", to: "d/e/f", digest: Self.staged),
            .place(from: "\(work)/new/g", to: "g.duo-new", digest: Self.staged),
            .move(from: Planner.recordFileName, to: "\(work)/backup/\(Planner.recordFileName)"),
            .place(from: "\(work)/new/\(Planner.recordFileName)", to: Planner.recordFileName, digest: Self.staged),
        ])
    }

    @Test func sha256InPiecesEqualsTheWholeDigest() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for split in [1, 63, 64, 65, 500, 999] {
            var hasher = SHA256()
            bytes[..<split].withUnsafeBytes { hasher.update($0) }
            bytes[split...].withUnsafeBytes { hasher.update($0) }
            #expect(hasher.finish() == SHA256.hex(bytes))
        }
        // Restarted after a finished digest, after a half-fed one, and while a copy shares it.
        var reused = SHA256()
        for text in ["abc", "", "a longer text, hashed by the same hasher"] {
            reused.restart()
            Array(text.utf8).withUnsafeBytes { reused.update($0) }
            #expect(reused.finish() == SHA256.hex(Array(text.utf8)), "\(text)")
        }
        reused.restart()
        Array("left half-fed".utf8).withUnsafeBytes { reused.update($0) }
        var shared = reused
        reused.restart()
        Array("abc".utf8).withUnsafeBytes { reused.update($0) }
        #expect(reused.finish() == SHA256.hex(Array("abc".utf8)))
        #expect(shared.finish() == SHA256.hex(Array("left half-fed".utf8)), "the copy keeps its own state")
        var zeros = SHA256()
        zeros.updateZeros(100_000)
        #expect(zeros.finish() == SHA256.hex([UInt8](repeating: 0, count: 100_000)))
    }
}
