import DuoNewCore
import Foundation

/// What `--dry-run` checks beyond the plan, so that it refuses what a real run would: every
/// text file is read and stamped as if written, and a token left after stamping, or a template
/// file that cannot be read, fails the same way (78, 74). Nothing is written anywhere.
public enum DryRunScan {
    /// `treeRoots` as `ProjectWriter` takes them: the trees the plan's writes are read from.
    /// Returns the bytes the files would hold once stamped, as the write would count them.
    @discardableResult
    public static func check(plan: Plan, treeRoots: [URL], values: [String: String], interruption: Interruption? = nil) throws(WriteError) -> Int64 {
        let copier = FileCopier(
            chunkSize: ProjectWriter.chunkSize, treeRoots: treeRoots.map(\.path), folder: "/", stamper: Stamper(values: values),
            words: plan.tokenLikeWords, interruption: interruption
        )
        var leftovers: [WriteError.Leftover] = []
        var total = 0
        var bytes: Int64 = 0
        for write in plan.writes {
            guard case .file = write.kind else { continue }
            if let signal = interruption?.received { throw .interrupted(signal: signal) }
            let scanned = try copier.scan(write)
            total += scanned.leftoverCount
            bytes += scanned.bytes
            leftovers += scanned.leftovers.prefix(ProjectWriter.leftoverLimit - leftovers.count)
        }
        if total > 0 { throw .leftoverTokens(leftovers, total: total) }
        return bytes
    }
}
