/// The SHA-256 of the file being copied, fed as its bytes are written: holes as zeros, counted
/// by how far the hashed bytes reach.
struct FileDigest {
    private var hasher = SHA256()
    /// How many of the file's bytes, from its start, are hashed.
    private(set) var hashed: Int64 = 0

    mutating func restart() {
        hasher.restart()
        hashed = 0
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bytes)
        hashed += Int64(bytes.count)
    }

    /// Hashes zeros from where the hashed bytes end up to `offset` (a hole before it).
    mutating func addZeros(upTo offset: Int64) {
        if offset > hashed { hasher.updateZeros(offset - hashed) }
        hashed = max(hashed, offset)
    }

    mutating func finish() -> String {
        hasher.finish()
    }
}
