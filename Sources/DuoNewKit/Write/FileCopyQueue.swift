import Dispatch
import DuoNewCore
import Foundation

/// Copies a plan's files in plan order, on one thread or, for a large plan, on a few: each
/// thread takes the next file from here and copies it with a `FileCopier` of its own (buffers
/// and open folders are not shared), and this records what each produced under a lock.
///
/// More threads pay only for a large plan: on an idle 2-core machine the 2,000-file benchmark
/// recipe took 69 ms on two threads against 87 ms on one, while the bundled recipes (9 to 130
/// files) were 9 to 14% slower on two (docs/performance.md, "What each kept trick buys").
final class FileCopyQueue: @unchecked Sendable {
    /// A thread is added for each this many files, up to the cores and `maximumThreads`.
    static let filesPerThread = 500
    /// Past a few threads the copy waits on the kernel, not on the copier.
    static let maximumThreads = 4

    private let lock = NSLock()
    private let files: [PlannedWrite]
    private var nextIndex = 0
    private var results: [FileCopier.Copied?]
    private var done = 0
    private var bytes: Int64 = 0
    private var failure: (index: Int, error: WriteError)?

    private init(files: [PlannedWrite]) {
        self.files = files
        results = Array(repeating: nil, count: files.count)
    }

    /// How many threads copy `fileCount` files.
    static func threads(for fileCount: Int) -> Int {
        max(1, min(fileCount / filesPerThread, maximumThreads, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Copies `files` on `threads` threads, this one among them, each with the copier
    /// `makeCopier` makes on it. Returns what each file produced, in plan order; the first failure
    /// stops every thread at its next file, and the failure of the earliest file is thrown, so a
    /// tree fails the same way each time. `progress` is called on this thread with the files and
    /// bytes done so far, the last time with all of them.
    static func copy(
        _ files: [PlannedWrite], threads: Int, makeCopier: @escaping @Sendable () -> FileCopier, progress: (Int, Int64) -> Void
    ) throws(WriteError) -> [FileCopier.Copied] {
        let queue = FileCopyQueue(files: files)
        let group = DispatchGroup()
        for _ in 1..<max(threads, 1) {
            DispatchQueue.global(qos: .userInitiated).async(group: group) { queue.work(with: makeCopier()) { _, _ in } }
        }
        queue.work(with: makeCopier(), progress: progress)
        group.wait()
        if let failure = queue.failure { throw failure.error }
        // Another thread may have copied the last files; on one, the last call said all.
        if threads > 1 { progress(queue.done, queue.bytes) }
        return queue.results.map { $0! }
    }

    /// Copies files until none is left or one has failed.
    private func work(with copier: FileCopier, progress: (Int, Int64) -> Void) {
        while let index = take() {
            do {
                let copied = try copier.copy(files[index])
                let (done, bytes) = finish(index, copied)
                progress(done, bytes)
            } catch {
                fail(index, error)
            }
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard failure == nil, nextIndex < files.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    private func finish(_ index: Int, _ copied: FileCopier.Copied) -> (Int, Int64) {
        lock.withLock {
            results[index] = copied
            done += 1
            bytes += copied.bytes
            return (done, bytes)
        }
    }

    private func fail(_ index: Int, _ error: WriteError) {
        lock.withLock {
            if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
        }
    }
}
