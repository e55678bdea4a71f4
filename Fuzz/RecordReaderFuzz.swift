// fuzz-max-len: 32768
// fuzz-helpers: ProjectPathRule.swift
// fuzz-links: kit
@testable import DuoNewCore
@testable import DuoNewKit
import Foundation

/// libFuzzer target for the generation record reader: any bytes as a project's `.duo-new.json`.
///
/// `check` and `update` read the record of a project that may have been edited, cloned or
/// planted; `update` removes, replaces and adds files by the paths it lists. So beyond not
/// crashing, whatever the reader accepts lists only file, link and folder paths that keep
/// `ProjectPathRule` (relative, normalised, not into `.git`); and it round-trips through the
/// writer: the bytes `GenerationRecord.encoded()` writes for it read back as the same record.
enum RecordReaderFuzz {
    /// The reader under test, as `check` and `update` call it: the record, or nil when refused.
    static func read(_ data: Data) -> GenerationRecord? { try? RecordReader.read(data) }

    static func run(_ data: UnsafeRawBufferPointer) {
        guard let record = read(Data(data)) else { return }
        for path in (record.files ?? [:]).keys { ProjectPathRule.expect(path, from: "'files'") }
        for path in (record.links ?? [:]).keys { ProjectPathRule.expect(path, from: "'links'") }
        for path in record.folders ?? [] { ProjectPathRule.expect(path, from: "'folders'") }

        let written = record.encoded()
        guard let again = read(written), again == record else {
            fatalError("the record does not read back as the writer wrote it: \(String(decoding: written, as: UTF8.self).debugDescription)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordReader(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    RecordReaderFuzz.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
