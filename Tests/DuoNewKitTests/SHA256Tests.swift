import Testing
import TestSupport
@testable import DuoNewCore
@testable import DuoNewKit

/// `SHA256` is libcrypto on Linux and CryptoKit on macOS: each must give the standard's digest
/// however the bytes are fed, so the records one platform writes match the other's.
@Suite("SHA-256: the standard's digests, however fed")
struct SHA256Tests {
    /// FIPS 180-4's examples, and a message of a million "a"s.
    static let vectors: [(message: [UInt8], digest: String)] = [
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ([UInt8](repeating: 0x61, count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    @Test func givesTheStandardsDigests() {
        for vector in Self.vectors {
            #expect(SHA256.hex(vector.message) == vector.digest)
        }
    }

    /// Lengths around the 64-byte block and the 56-byte padding limit, fed in uneven pieces.
    @Test(arguments: [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 70_001])
    func piecesGiveTheWholesDigest(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        let whole = SHA256.hex(bytes)
        #expect(HexDigest.isSHA256(whole))
        for pieceSize in [1, 3, 63, 64, 65, 4096] where pieceSize <= max(1, length) {
            var hasher = SHA256()
            var start = 0
            while start < length {
                let end = min(length, start + pieceSize)
                bytes[start..<end].withUnsafeBytes { hasher.update($0) }
                start = end
            }
            #expect(hasher.finish() == whole, "pieces of \(pieceSize)")
        }
    }

    /// A copy made part way is a second hasher: feeding one does not change the other.
    @Test func aCopyIsIndependent() {
        var first = SHA256()
        Array("ab".utf8).withUnsafeBytes { first.update($0) }
        var second = first
        Array("c".utf8).withUnsafeBytes { first.update($0) }
        Array("d".utf8).withUnsafeBytes { second.update($0) }
        #expect(first.finish() == SHA256.hex(Array("abc".utf8)))
        #expect(second.finish() == SHA256.hex(Array("abd".utf8)))
    }

    @Test func zerosAreHashedLikeZeroBytes() {
        var zeros = SHA256()
        zeros.updateZeros(200_000)
        #expect(zeros.finish() == SHA256.hex([UInt8](repeating: 0, count: 200_000)))
    }
}
