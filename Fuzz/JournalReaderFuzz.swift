// fuzz-max-len: 8192
// fuzz-helpers: ProjectPathRule.swift
// fuzz-links: kit
@testable import DuoNewCore
@testable import DuoNewKit
import Foundation

/// libFuzzer target for the update journal reader: any bytes as `.duo-new-update/journal`.
///
/// A journal is read from the disk when an earlier update did not finish, and replayed backwards
/// (renames, `mkdir`, `rmdir` and `chmod`) before anything else runs: a planted or damaged one
/// must not steer those calls outside the project. So beyond not crashing, whatever the reader
/// accepts holds only paths that keep `ProjectPathRule` (relative, normalised, not into `.git`),
/// folder modes of at most 775 (`chmod` takes them as they are: never one others may write, nor
/// a setuid, setgid or sticky bit), and reads back the
/// same when written again, as `apply` writes it.
enum JournalReaderFuzz {
    /// The reader under test, as `recover` calls it on the file's bytes: the operations, or nil
    /// when refused.
    static func read(_ bytes: [UInt8]) -> [UpdateApplier.Operation]? { try? UpdateJournal.parse(bytes: bytes) }
    /// The journal's text as `apply` writes it.
    static func write(_ operations: [UpdateApplier.Operation]) -> String { UpdateJournal.text(operations) }

    static func run(_ data: UnsafeRawBufferPointer) {
        guard let operations = read(Array(data)) else { return }
        for (index, operation) in operations.enumerated() {
            let entry = "operation \(index + 1) (\(write([operation]).debugDescription))"
            switch operation {
            case .makeFolder(let path):
                ProjectPathRule.expect(path, from: entry)
            case .move(let from, let to), .place(let from, let to, _):
                ProjectPathRule.expect(from, from: entry)
                ProjectPathRule.expect(to, from: entry)
            case .removeFolder(let path, let mode):
                ProjectPathRule.expect(path, from: entry)
                if !(0...0o775).contains(mode) || mode & 0o002 != 0 {
                    fatalError("accepted the folder mode \(String(mode, radix: 8)) in \(entry), which an update never journals")
                }
            }
        }
        let written = write(operations)
        guard let again = read(Array(written.utf8)), again == operations else {
            fatalError("the journal does not read back as written: \(written.debugDescription)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalReader(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    JournalReaderFuzz.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
