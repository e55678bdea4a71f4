#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore
import Foundation

extension BaseStore {
    /// A pack as read back: its index, checked whole before any text is looked up. The file is
    /// the texts, then the index (`DIGEST OFFSET LENGTH` lines, offsets from the file's start),
    /// then a trailer of `trailerLength` bytes: `duo-new bases 1 `, the index's offset and its
    /// length as 20 decimal digits each, a space between and a line feed after.
    public struct Pack: Sendable, Equatable {
        public let path: String
        let entries: [String: Range<Int>]

        static let trailerPrefix = Array("duo-new bases 1 ".utf8)
        static let trailerLength = 58
        /// An index longer than this is refused (a record of 100,000 files needs about 9 MiB).
        static let largestIndex = 1 << 24

        /// The pack at `path`, or nil when it is not a regular file whose trailer and index hold
        /// together. Opened without blocking, so a FIFO there is refused, never waited on.
        static func read(_ path: String) -> Pack? {
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard let (offset, length) = indexPlace(descriptor),
                  let index = readAll(descriptor, at: offset, count: length),
                  let entries = parseIndex(index, end: offset) else { return nil }
            return Pack(path: path, entries: entries)
        }

        /// Whether the file at `path` is a regular file whose trailer places an index inside it:
        /// what a pack cut short, or garbage at its name, fails. Its trailer alone is read.
        static func holdsTogether(_ path: String) -> Bool {
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return indexPlace(descriptor) != nil
        }

        /// Where the index of the pack open as `descriptor` lies, as its trailer says; nil when
        /// it is no regular file or its trailer does not hold together with its size.
        private static func indexPlace(_ descriptor: Int32) -> (offset: Int, length: Int)? {
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= trailerLength,
                  let trailer = readAll(descriptor, at: Int(info.st_size) - trailerLength, count: trailerLength),
                  let (offset, length) = parseTrailer(trailer),
                  // Subtracted from the size, never added: a planted offset near `Int.max` would overflow.
                  length <= largestIndex, offset == Int(info.st_size) - trailerLength - length else { return nil }
            return (offset, length)
        }

        /// The text whose SHA-256 is `digest`, or nil when the pack holds none to trust.
        public func bytes(for digest: String) -> [UInt8]? {
            guard HexDigest.isSHA256(digest.utf8), let range = entries[digest] else { return nil }
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard let bytes = Self.readAll(descriptor, at: range.lowerBound, count: range.count), SHA256.hex(bytes) == digest else { return nil }
            return bytes
        }

        private static func readAll(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return nil }
                done += got
            }
            return bytes
        }

        private static func parseTrailer(_ trailer: [UInt8]) -> (Int, Int)? {
            let numbers = trailer.dropFirst(trailerPrefix.count).dropLast()
            guard trailer.starts(with: trailerPrefix), trailer.last == UInt8(ascii: "\n") else { return nil }
            let parts = numbers.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 20 }), let offset = decimal(parts[0]), let length = decimal(parts[1]) else { return nil }
            return (offset, length)
        }

        /// Every line `DIGEST OFFSET LENGTH`, each text inside the pack before `end` and no
        /// longer than `MergeableText.largestFile`; nil when any line is not one.
        private static func parseIndex(_ index: [UInt8], end: Int) -> [String: Range<Int>]? {
            guard index.isEmpty || index.last == UInt8(ascii: "\n") else { return nil }
            var entries: [String: Range<Int>] = [:]
            for line in index.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
                let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
                guard parts.count == 3, HexDigest.isSHA256(parts[0]), let offset = decimal(parts[1]), let length = decimal(parts[2]),
                      length <= MergeableText.largestFile, offset <= end - length else { return nil }
                entries[String(decoding: parts[0], as: UTF8.self)] = offset..<(offset + length)
            }
            return entries
        }

        /// A decimal number of 1 to 20 digits that fits an `Int`.
        private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
            guard (1...20).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self))
        }
    }
}

/// Writes a pack: each text read into one buffer, written out a mebibyte or more at a time,
/// then the index and the trailer (`BaseStore.Pack`).
final class PackWriter {
    private let descriptor: Int32
    private let capacity = 2 * MergeableText.largestFile
    private let buffer: UnsafeMutablePointer<UInt8>
    private var used = 0
    private var flushed = 0
    private var index: [UInt8] = []
    private var packed: Set<String> = []
    private var failed = false
    private(set) var kept = BaseStore.Kept()

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
    }

    func lacks(_ digest: String) -> Bool {
        !packed.contains(digest)
    }

    /// Adds the regular file at `path` when it is text (and, when asked, has `digest`).
    func add(_ path: String, digest: String, checkingDigest: Bool) {
        guard !failed, HexDigest.isSHA256(digest.utf8) else { return }
        let source = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard source >= 0 else { return }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= MergeableText.largestFile else { return }
        let size = Int(info.st_size)
        if used + size > capacity { flush() }
        var done = 0
        while done < size {
            let got = POSIX.readChunk(source, buffer + used + done, size - done)
            guard got > 0 else { return }
            done += got
        }
        let text = UnsafeBufferPointer(start: buffer + used, count: size)
        guard MergeableText.isText(text) else { return }
        if checkingDigest {
            var hasher = SHA256()
            hasher.update(UnsafeRawBufferPointer(text))
            guard hasher.finish() == digest else { return }
        }
        index.append(contentsOf: "\(digest) \(flushed + used) \(size)\n".utf8)
        packed.insert(digest)
        used += size
        kept.files += 1
        kept.bytes += size
    }

    /// Writes what is left, the index and the trailer; false when a write failed.
    func finish() -> Bool {
        flush()
        let offset = flushed
        let trailer = "duo-new bases 1 " + Self.padded(offset) + " " + Self.padded(index.count) + "\n"
        index.append(contentsOf: trailer.utf8)
        return !failed && index.withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
    }

    private func flush() {
        guard used > 0 else { return }
        if !failed { failed = !POSIX.writeAll(descriptor, UnsafeRawBufferPointer(start: buffer, count: used)) }
        flushed += used
        used = 0
    }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }
}
