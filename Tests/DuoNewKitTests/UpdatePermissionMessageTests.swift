#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import DuoNewKit

/// What an apply refused by a folder's permissions says: which of the project's folders it
/// writes in, and to make them writable. Built from the error code, since the tests may run as
/// root, whom no permission refuses (end to end as another user: docs/updating.md, *Safety*).
@Suite struct UpdatePermissionMessageTests {
    @Test func aRenameRefusedByPermissionsNamesTheFolderToMakeWritable() {
        let error = UpdateApplier.failure(EACCES, path: "dir/b.txt", writing: ["dir/b.txt", ".duo-new-update/backup/dir/b.txt"])
        #expect(error.message == "cannot update 'dir/b.txt': Permission denied: an update moves files in and out of 'dir', which is not writable; make it writable (chmod u+w), then update again; the project was put back as it was")
    }

    @Test func theProjectsOwnFolderIsNamedAsSuch() {
        let error = UpdateApplier.failure(EPERM, path: ".duo-new-update/new/a.txt", writing: [".duo-new-update/new/a.txt", "a.txt"])
        #expect(error.message.contains("in and out of the project's folder, which is not writable; make it writable"), "\(error.message)")
    }

    @Test func anotherFailureKeepsTheSystemsReasonAlone() {
        let error = UpdateApplier.failure(ENOSPC, path: "dir", writing: ["dir"])
        #expect(error.message == "cannot update 'dir': No space left on device; the project was put back as it was")
    }
}
