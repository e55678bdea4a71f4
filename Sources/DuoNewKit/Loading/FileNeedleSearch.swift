#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// The search for a few bytes in files, read in 64 KiB chunks whatever their size: an AppName
/// as a whole word (the bytes on either side not identifier bytes, as `SwiftDeclarations` reads
/// them), since a file can declare a type of that name only if it holds the name so, and files
/// that hold it only inside longer identifiers (`__APP_NAME__App` for the name `App`) are then
/// not parsed (`SourceSearch`); or a secret's token anywhere (`ProjectUpdate`). One buffer serves
/// every file, and the folder of the last file is kept open, since consecutive files mostly
/// share it. A file is opened without following a link or waiting on a FIFO.
struct FileNeedleSearch {
    private let needle: [UInt8]
    private let wholeWord: Bool
    private static let chunk = 1 << 16
    private let buffer: UnsafeMutablePointer<UInt8>
    private var openFolder: (path: String, fd: Int32)?

    init(needle: [UInt8], wholeWord: Bool) {
        self.needle = needle
        self.wholeWord = wholeWord
        buffer = POSIX.allocateReadBuffer(Self.chunk + needle.count + 1)
    }

    mutating func release() {
        if let openFolder, openFolder.fd >= 0 { close(openFolder.fd) }
        openFolder = nil
        POSIX.freeReadBuffer(buffer)
    }

    /// A FIFO opened so reads at once as empty; a link is not opened at all.
    private static let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC

    /// Whether the file holds the needle (as a whole word, when asked); nil when it cannot be read.
    mutating func mentioned(inFile name: String, folder: String) -> Bool? {
        if openFolder?.path != folder {
            if let openFolder, openFolder.fd >= 0 { close(openFolder.fd) }
            openFolder = (folder, open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        }
        let folderFD = openFolder?.fd ?? -1
        let fd = folderFD >= 0 ? openat(folderFD, name, Self.flags) : open(folder + "/" + name, Self.flags)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // Each read keeps the last `needle.count + 1` bytes of the one before: a match that
        // straddles two reads, or ends the first, is judged in the next with the byte before it.
        var kept = 0
        var bufferStartsFile = true
        while true {
            let count = read(fd, buffer + kept, Self.chunk)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            let end = kept + count
            let bytes = UnsafeBufferPointer(start: buffer, count: end)
            let found = needle.withUnsafeBufferPointer { needle in
                Self.holds(needle, in: bytes, wholeWord: wholeWord, startsFile: bufferStartsFile, endsFile: count == 0)
            }
            if found || count == 0 { return found }
            let keep = min(needle.count + 1, end)
            if keep < end { bufferStartsFile = false }
            buffer.update(from: buffer + end - keep, count: keep)
            kept = keep
        }
    }

    /// Whether `haystack` holds `needle`, with `wholeWord` a non-identifier byte (or the file's
    /// edge) on each side. Then a match at the very start of a buffer that does not start the file
    /// was judged with the read before, and one touching the end of a buffer that does not end
    /// the file is judged with the next. `memchr` finds the first byte, so text where it is rare
    /// is read fast.
    static func holds(
        _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, wholeWord: Bool, startsFile: Bool, endsFile: Bool
    ) -> Bool {
        guard let first = needle.first, let wanted = needle.baseAddress, let base = haystack.baseAddress,
              haystack.count >= needle.count else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
            let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            start = offset + 1
            guard memcmp(base + offset, wanted, needle.count) == 0 else { continue }
            let after = offset + needle.count
            guard wholeWord else { return true }
            let boundedBefore = offset == 0 ? startsFile : !SwiftDeclarations.isIdentifierByte(base[offset - 1])
            let boundedAfter = after == haystack.count ? endsFile : !SwiftDeclarations.isIdentifierByte(base[after])
            if boundedBefore, boundedAfter { return true }
        }
        return false
    }
}
