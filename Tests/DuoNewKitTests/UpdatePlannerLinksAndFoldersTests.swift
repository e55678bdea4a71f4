@testable import DuoNewCore
import DuoNewKit
import Testing
import TestSupport

/// `duo-new update`'s decisions for links and empty folders, and the folders removals empty, on
/// values: no disk.
@Suite struct UpdatePlannerLinksAndFoldersTests {
    typealias Fingerprint = UpdatePlanner.Fingerprint

    private func action(recorded: Fingerprint?, current: UpdatePlanner.Current, new: Fingerprint?) -> UpdatePlanner.Action {
        let steps = UpdatePlanner.plan(recorded: recorded.map { ["x": $0] } ?? [:], current: ["x": current], new: new.map { ["x": $0] } ?? [:])
        return steps.first?.action ?? .unchanged
    }

    @Test func linksFollowTheFileRulesByTheirTarget() {
        let a = Fingerprint.link(to: "a"), b = Fingerprint.link(to: "b"), c = Fingerprint.link(to: "c")
        #expect(action(recorded: a, current: .file(a), new: b) == .replace)
        #expect(action(recorded: a, current: .file(b), new: a) == .keepEdited)
        #expect(action(recorded: a, current: .file(b), new: c) == .conflict)
        #expect(action(recorded: a, current: .file(a), new: nil) == .remove)
        #expect(action(recorded: a, current: .file(b), new: nil) == .keepDropped)
        #expect(action(recorded: nil, current: .missing, new: a) == .add)
        #expect(action(recorded: a, current: .missing, new: b) == .userDeleted)
        #expect(Fingerprint.link(to: "a") != Fingerprint(sha256: "link a", mode: 0o644), "a file holding the text never equals a link")
    }

    @Test func emptyFoldersAreEditedOnceTheUserFillsThem() {
        let empty = Fingerprint.emptyFolder
        #expect(action(recorded: empty, current: .file(empty), new: empty) == .unchanged)
        #expect(action(recorded: empty, current: .folder, new: empty) == .unchanged, "still made by the recipe; filled by the user")
        #expect(action(recorded: empty, current: .file(empty), new: nil) == .remove)
        #expect(action(recorded: empty, current: .folder, new: nil) == .keepDropped)
        #expect(action(recorded: nil, current: .missing, new: empty) == .add)
        #expect(action(recorded: nil, current: .folder, new: empty) == .unchanged, "the user made that folder already")
        #expect(action(recorded: nil, current: .folder, new: Fingerprint(sha256: "f", mode: 0o644)) == .conflict)
    }

    @Test func recordedEntriesIncludeLinksAndFolders() throws {
        var record = GenerationRecord(generator: "g", recipe: "r", version: "1", values: [:], files: ["f": .init(mode: "0644", sha256: "h")])
        record.links = ["l": "f"]
        record.folders = ["d"]
        #expect(Fingerprint.recorded(in: record) == ["f": Fingerprint(sha256: "h", mode: 0o644), "l": .link(to: "f"), "d": .emptyFolder])
        record.files?["bad"] = .init(mode: "rw-", sha256: "h")
        #expect(Fingerprint.recorded(in: record) == nil)
    }

    @Test func removalsEmptyTheirFoldersUnlessSomethingElseIsInThem() {
        let steps = [
            UpdatePlanner.Step(path: "Old/Deep/a", action: .remove),
            UpdatePlanner.Step(path: "Old/b", action: .remove),
            UpdatePlanner.Step(path: "Kept/c", action: .remove),
            UpdatePlanner.Step(path: "Reused/d", action: .remove),
            UpdatePlanner.Step(path: "Edited/e", action: .keepDropped),
        ]
        let listing: [String: [String]] = [
            "Old": ["Deep", "b"], "Old/Deep": ["a"], "Kept": ["c", "mine"], "Reused": ["d"], "Edited": ["e"],
        ]
        let emptied = UpdatePlanner.emptiedFolders(steps, new: ["Reused/new": Fingerprint(sha256: "n", mode: 0o644)]) { listing[$0] }
        #expect(emptied == [UpdatePlanner.Step(path: "Old/Deep", action: .removeFolder), UpdatePlanner.Step(path: "Old", action: .removeFolder)],
                "deepest first; a folder with the user's file, one the recipe still fills, and one holding a kept file stay")
        #expect(UpdatePlanner.emptiedFolders(steps, new: [:]) { _ in nil }.isEmpty, "an unreadable folder is left alone")
    }

    /// A folder the recipe dropped that a Mac's Finder opened holds a `.DS_Store` (Windows'
    /// Explorer a `Thumbs.db` or `desktop.ini`), which no recipe writes and nobody made: it goes
    /// with the folder, moved aside as the removals are, rather than keeping the folder for it.
    @Test func aFolderHoldingOnlyFinderLitterBesideTheRemovalsIsRemovedWithIt() {
        let steps = [UpdatePlanner.Step(path: "Old/a", action: .remove), UpdatePlanner.Step(path: "Kept/b", action: .remove)]
        let listing: [String: [String]] = ["Old": ["a", ".DS_Store", "Thumbs.db"], "Kept": ["b", ".DS_Store", "mine"]]
        let emptied = UpdatePlanner.emptiedFolders(steps, new: [:]) { listing[$0] }
        #expect(emptied == [
            UpdatePlanner.Step(path: "Old/.DS_Store", action: .remove), UpdatePlanner.Step(path: "Old/Thumbs.db", action: .remove),
            UpdatePlanner.Step(path: "Old", action: .removeFolder),
        ], "a folder holding a file of the user's besides stays, its .DS_Store too")
    }
}
