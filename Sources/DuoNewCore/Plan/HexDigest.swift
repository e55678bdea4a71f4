/// The one test of a digest as duo-new writes and reads them: lowercase hexadecimal digits, as
/// `sha256sum` and git print them (a record's file hashes, a journal's, a store's keys, commit ids).
public enum HexDigest {
    /// Whether `text` is a SHA-256 digest: 64 lowercase hexadecimal digits.
    public static func isSHA256(_ text: String) -> Bool {
        isSHA256(text.utf8)
    }

    public static func isSHA256(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count == 64 && isLowercaseHex(bytes)
    }

    /// Whether `bytes` are lowercase hexadecimal digits, one at least.
    public static func isLowercaseHex(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
