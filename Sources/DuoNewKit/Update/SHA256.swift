#if canImport(CCrypto)
import CCrypto
#elseif canImport(CryptoKit)
import CryptoKit
#endif
import DuoNewCore

/// SHA-256, fed in pieces: the generator hashes each file while it writes it, for the record
/// `duo-new update` compares a project with.
///
/// On Linux it is OpenSSL's libcrypto, which uses the processor's SHA instructions; on macOS it
/// is CryptoKit's `SHA256`. Both give the digest `sha256sum` prints.
///
/// The CryptoKit branch cannot be compiled on Linux. It uses only what CryptoKit's interface
/// declares for `SHA256` (checked against the macOS 11.3 SDK's CryptoKit.swiftinterface, from
/// macOS 10.15 on): `init()`, `mutating func update(bufferPointer: UnsafeRawBufferPointer)` and
/// `func finalize() -> SHA256Digest`, a `Sequence` of `UInt8`. That interface declares no
/// `Sendable`, hence the unchecked conformance below: the hasher is a value, copied, never shared.
public struct SHA256 {
    #if canImport(CCrypto)
    private var digest: LibCryptoDigest = LibCryptoDigest()
    #elseif canImport(CryptoKit)
    private var hasher = CryptoKit.SHA256()
    #else
    #error("SHA-256 needs OpenSSL's libcrypto (Linux) or CryptoKit (macOS)")
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
        hasher.update(bufferPointer: bytes)
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
        hasher = CryptoKit.SHA256()
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
        return Self.hexText(digest.finish())
        #else
        return Self.hexText(hasher.finalize())
        #endif
    }

    /// Bytes as lowercase hexadecimal digits, two a byte.
    static func hexText(_ bytes: some Sequence<UInt8>) -> String {
        let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

#if canImport(CCrypto)
extension SHA256: Sendable {}
#else
extension SHA256: @unchecked Sendable {}
#endif

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

    func finish() -> ArraySlice<UInt8> {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &output, &length)
        return output.prefix(Int(length))
    }
}
#endif
