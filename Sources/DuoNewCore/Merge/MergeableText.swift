/// Which files a line merge may touch: text, as the merge and the conflict markers are lines of
/// text. A file holding a NUL byte, or bytes that are not UTF-8, is binary: an update treats it
/// as a whole file (the recipe's version beside yours), as before merging existed.
public enum MergeableText {
    /// The largest file merged or kept as a base: bigger ones are treated as whole files.
    public static let largestFile = 1 << 20

    public static func isText(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isText($0) }
    }

    /// Text as the writer decides it (`UTF8Validator`), and at most `largestFile` bytes.
    public static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= largestFile else { return false }
        var validator = UTF8Validator()
        validator.feed(bytes)
        validator.finish()
        return !validator.isBinary
    }
}
