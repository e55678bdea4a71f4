#if canImport(CCrypto)
import CCrypto
#endif
import DuoNewCore

/// SHA-256, fed in pieces: the generator hashes each file while it writes it, for the record
/// `duo-new update` compares a project with.
///
/// On Linux it is OpenSSL's libcrypto, which uses the processor's SHA instructions: about six
/// times the speed of `PortableSHA256`, the difference between hashing costing more than the
/// copy itself on the medium benchmark and costing little (docs/performance.md). Elsewhere it is
/// `PortableSHA256`. Both give the digest `sha256sum` prints.
public struct SHA256: Sendable {
    #if canImport(CCrypto)
    private var digest: LibCryptoDigest = LibCryptoDigest()
    #else
    private var portable: PortableSHA256 = PortableSHA256()
    #endif

    public init() {}

    /// The digest of `bytes` as 64 lowercase hexadecimal digits, as `sha256sum` prints it.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        #if canImport(CCrypto)
        if !isKnownUniquelyReferenced(&digest) {
            digest = digest.copy()
        }
        digest.update(bytes)
        #else
        portable.update(bytes)
        #endif
    }

    /// Starts a new digest, reusing this hasher's storage when no copy shares it: the copy
    /// hashes every file it writes, and a new libcrypto context per file was an allocation, a
    /// set-up and a release each time.
    public mutating func restart() {
        #if canImport(CCrypto)
        if isKnownUniquelyReferenced(&digest) {
            digest.restart()
        } else {
            digest = LibCryptoDigest()
        }
        #else
        portable = PortableSHA256()
        #endif
    }

    /// Feeds `count` zero bytes: a hole in a sparse file, which is never read.
    public mutating func updateZeros(_ count: Int64) {
        let zeros = [UInt8](repeating: 0, count: 64 * 1024)
        var left = count
        while left > 0 {
            let take = Int(min(left, Int64(zeros.count)))
            zeros.withUnsafeBytes { update(UnsafeRawBufferPointer(rebasing: $0[0..<take])) }
            left -= Int64(take)
        }
    }

    /// The digest as 64 lowercase hexadecimal digits. The hasher is spent afterwards.
    public mutating func finish() -> String {
        #if canImport(CCrypto)
        if !isKnownUniquelyReferenced(&digest) {
            digest = digest.copy()
        }
        return digest.finish()
        #else
        return portable.finish()
        #endif
    }
}

#if canImport(CCrypto)
/// One libcrypto digest context. `SHA256` copies it before changing a shared one, so the
/// struct keeps value semantics; only one owner ever mutates it, hence `@unchecked Sendable`.
final class LibCryptoDigest: @unchecked Sendable {
    private let context: OpaquePointer

    init() {
        // Allocation fails only when memory is exhausted; a hash cannot go on without it.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest")
        }
        self.context = context
    }

    private init(copying other: OpaquePointer) {
        guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other) == 1 else {
            fatalError("libcrypto could not copy a SHA-256 digest")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    func restart() {
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest")
        }
    }

    func copy() -> LibCryptoDigest {
        LibCryptoDigest(copying: context)
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    func finish() -> String {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &output, &length)
        let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Int(length) * 2)
        for byte in output.prefix(Int(length)) {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
#endif
