import DuoNewCore
import Testing

@Suite("Hex digests")
struct HexDigestTests {
    @Test func aSHA256DigestIsSixtyFourLowercaseHexDigits() {
        #expect(HexDigest.isSHA256(String(repeating: "0a", count: 32)))
        #expect(!HexDigest.isSHA256(String(repeating: "0A", count: 32)), "uppercase is not how it is written")
        #expect(!HexDigest.isSHA256(String(repeating: "0a", count: 31)))
        #expect(!HexDigest.isSHA256(String(repeating: "0g", count: 32)))
        #expect(!HexDigest.isLowercaseHex("".utf8))
        #expect(HexDigest.isLowercaseHex("deadbeef".utf8))
    }
}
