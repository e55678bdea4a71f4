/// Told of an update's apply as it goes, one operation at a time. `duo-new` passes none; the
/// tests' build of it (`duo-new-test-hooks`) passes one that stops part-way, as a power cut
/// would, or pauses so that a real signal lands in the middle.
public protocol UpdateApplyObserver: Sendable {
    /// `done` of `count` operations are done: called before each one and once after the last.
    /// Throwing (`UpdateApplier.ApplyError.stopped`) ends the apply there, undoing nothing.
    func applied(_ done: Int, of count: Int) throws(UpdateApplier.ApplyError)

    /// The journal is written and synced under its temporary name, not yet under its own.
    func journalWritten() throws(UpdateApplier.ApplyError)
}

extension UpdateApplyObserver {
    public func journalWritten() throws(UpdateApplier.ApplyError) {}
}
