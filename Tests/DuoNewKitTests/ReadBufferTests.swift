@testable import DuoNewCore
@testable import DuoNewKit
import Testing
import TestSupport

/// Read buffers start on a page boundary (why: `POSIX.allocateReadBuffer`); a plain allocation
/// of a megabyte starts 16 bytes into a page, the case that made reads twice as slow.
@Suite("Read buffers")
struct ReadBufferTests {
    @Test(arguments: [1, 17, 4096, 65_536 + 5, 1 << 20, (1 << 20) + 12])
    func startOnAPageBoundary(_ size: Int) {
        let buffers = (0..<4).map { _ in POSIX.allocateReadBuffer(size) }
        defer { buffers.forEach(POSIX.freeReadBuffer) }
        for buffer in buffers {
            #expect(Int(bitPattern: buffer) % 4096 == 0, "\(size) bytes at \(buffer)")
            buffer[size - 1] = 0xFF   // the whole size is usable
        }
    }
}
