import Dispatch
import DuoNewCore
import DuoNewKit
import Foundation

/// The listing of the recipe's own tree, read on another core while the manifest is decoded:
/// generation needs both before it can plan, and neither needs the other. Its errors wait in
/// the result until `RecipeLoader.readListing` asks, so a broken manifest is still reported
/// before an unreadable tree, as without the prefetch.
final class ListingPrefetch: @unchecked Sendable {
    private let tree: URL
    private let done = DispatchSemaphore(value: 0)
    /// Written once on the reading thread before `done` is signalled; read only after it.
    private var result: Result<TreeListing, WriteError> = .failure(.io(path: "", reason: "not read"))

    private init(tree: URL) {
        self.tree = tree
    }

    static func start(tree: URL) -> ListingPrefetch {
        let prefetch = ListingPrefetch(tree: tree)
        DispatchQueue.global(qos: .userInitiated).async {
            prefetch.result = Result { () throws(WriteError) -> TreeListing in try TreeReader.read(tree: tree) }
            prefetch.done.signal()
        }
        return prefetch
    }

    /// Reads `folder`: from the prefetch when it is the tree that was read ahead, else now.
    func read(_ folder: URL) throws(WriteError) -> TreeListing {
        guard holds(folder) else { return try TreeReader.read(tree: folder) }
        waitUntilRead()
        return try result.get()
    }

    /// The listing of `folder` when it is the tree read ahead and reading it worked; nil
    /// otherwise (a failure waits for `read`, which reports it).
    func listing(of folder: URL) -> TreeListing? {
        guard holds(folder) else { return nil }
        waitUntilRead()
        return try? result.get()
    }

    private func holds(_ folder: URL) -> Bool {
        folder.standardizedFileURL.path == tree.standardizedFileURL.path
    }

    /// Returns once the tree has been read (or failed to be).
    private func waitUntilRead() {
        done.wait()
        done.signal()   // every later wait returns at once
    }
}
