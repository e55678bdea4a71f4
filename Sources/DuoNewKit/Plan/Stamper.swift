#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces declared tokens (`__APP_NAME__`) with their values, in names and in streamed contents.
///
/// Streaming works on chunks: `stamp(_:isFinal:into:)` stops short of any place where a token
/// could straddle the chunk's end and reports how far it got, so the caller carries the rest over.
public struct Stamper: Sendable {
    private struct Replacement: Sendable {
        var token: [UInt8]
        var value: [UInt8]
    }

    /// Longest first, so a token that extends another one wins.
    private let replacements: [Replacement]
    /// Length in bytes of the longest token; a chunk keeps this many bytes minus one in reserve.
    public let longestToken: Int

    /// `values` maps token names (`APP_NAME`) to the text stamped in their place.
    public init(values: [String: String]) {
        replacements = values
            .map { Replacement(token: Array("__\($0.key)__".utf8), value: Array($0.value.utf8)) }
            .sorted {
                $0.token.count != $1.token.count
                    ? $0.token.count > $1.token.count
                    : $0.token.lexicographicallyPrecedes($1.token)
            }
        longestToken = replacements.first?.token.count ?? 0
    }

    /// Stamps a whole string: a file or folder name, or the next-steps text.
    public func stamp(_ text: String) -> String {
        // Most names hold no underscore at all: nothing to replace.
        guard longestToken > 0, text.utf8.contains(UInt8(ascii: "_")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 64)
        // Native strings lend their bytes; only a bridged one is copied first.
        let stamped: Void? = text.utf8.withContiguousStorageIfAvailable { buffer in
            _ = stamp(buffer, isFinal: true, into: &output)
        }
        if stamped == nil {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                _ = stamp(buffer, isFinal: true, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `input`, stamped, to `output` and returns how many bytes of `input` were used.
    ///
    /// Unless `isFinal`, the last `longestToken - 1` bytes may be left unused: they could be the
    /// start of a token whose end is in the next chunk.
    public func stamp(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8]) -> Int {
        stamp(input, isFinal: isFinal, into: &output, outputLimit: .max).used
    }

    /// Like `stamp(_:isFinal:into:)`, but stops once `output` holds `outputLimit` bytes or
    /// more, so a chunk full of tokens with long values never grows `output` past the limit
    /// plus one value. `finished` is false when it stopped early: call again with the rest.
    public func stamp(
        _ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8], outputLimit: Int
    ) -> (used: Int, finished: Bool) {
        guard let base = input.baseAddress, !input.isEmpty else { return (0, true) }
        let count = input.count
        guard longestToken > 0 else {
            output.append(contentsOf: input)
            return (count, true)
        }
        // A token starting before `limit` ends inside the chunk, so it can be decided now.
        let limit = isFinal ? count : max(0, count - (longestToken - 1))
        var index = 0
        var copiedUpTo = 0
        while index < limit {
            if output.count >= outputLimit {
                output.append(contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: index - copiedUpTo))
                return (index, false)
            }
            guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), limit - index) else {
                index = limit
                break
            }
            let position = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            index = position + 1
            guard position + 1 < count, base[position + 1] == UInt8(ascii: "_") else { continue }
            for replacement in replacements where position + replacement.token.count <= count {
                let same = replacement.token.withUnsafeBufferPointer { token in
                    token.baseAddress.map { memcmp(base + position, $0, token.count) == 0 } ?? false
                }
                guard same else { continue }
                output.append(contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: position - copiedUpTo))
                output.append(contentsOf: replacement.value)
                index = position + replacement.token.count
                copiedUpTo = index
                break
            }
        }
        let used = max(index, limit)
        if used > copiedUpTo {
            output.append(contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: used - copiedUpTo))
        }
        return (used, true)
    }
}
