import Foundation

/// Replaces declared tokens (`__APP_NAME__`) with their values, in names and in streamed contents.
///
/// Streaming works on chunks: `stamp(_:isFinal:into:)` stops short of any place where a token
/// could straddle the chunk's end and reports how far it got, so the caller carries the rest over.
public struct Stamper: Sendable {
    /// Where one token and its value sit in `bytes`. Plain integers: the stamping loop walks
    /// these without retaining or releasing anything (an array of arrays cost four reference
    /// count operations per token compared, the loop's largest cost on token-dense files).
    private struct Replacement: Sendable {
        var tokenStart: Int
        var tokenCount: Int
        var valueStart: Int
        var valueCount: Int
    }

    /// Every token's bytes and every value's bytes, one after another.
    private let bytes: [UInt8]
    /// Longest first, so a token that extends another one wins.
    private let replacements: [Replacement]
    /// For each byte value, the replacements whose token has it third (just after `__`), in
    /// the order of `replacements`: a candidate is compared only with tokens that can match.
    private let byThirdByte: [Range<Int>]
    /// Length in bytes of the longest token; a chunk keeps this many bytes minus one in reserve.
    public let longestToken: Int

    /// `values` maps token names (`APP_NAME`) to the text stamped in their place.
    public init(values: [String: String]) {
        let pairs: [(token: [UInt8], value: [UInt8])] = values
            .map { (token: Array(TokenGrammar.token(named: $0.key).utf8), value: Array($0.value.utf8)) }
            .sorted(by: Self.stampsFirst)
        var bytes: [UInt8] = []
        var replacements: [Replacement] = []
        var byThirdByte = [Range<Int>](repeating: 0..<0, count: 256)
        for (index, pair) in pairs.enumerated() {
            replacements.append(Replacement(
                tokenStart: bytes.count, tokenCount: pair.token.count,
                valueStart: bytes.count + pair.token.count, valueCount: pair.value.count
            ))
            bytes.append(contentsOf: pair.token)
            bytes.append(contentsOf: pair.value)
            let third = Int(pair.token[2])
            byThirdByte[third] = byThirdByte[third].isEmpty ? index..<(index + 1) : byThirdByte[third].lowerBound..<(index + 1)
        }
        self.bytes = bytes
        self.replacements = replacements
        self.byThirdByte = byThirdByte
        longestToken = pairs.map { $0.token.count }.max() ?? 0
    }

    /// The order tokens are tried in: grouped by the byte after `__` (only one group can match at
    /// a place), and within a group `TokenGrammar`'s order, the longest first.
    private static func stampsFirst(_ a: (token: [UInt8], value: [UInt8]), _ b: (token: [UInt8], value: [UInt8])) -> Bool {
        if a.token[2] != b.token[2] { return a.token[2] < b.token[2] }
        if a.token.count != b.token.count { return a.token.count > b.token.count }
        return a.token.lexicographicallyPrecedes(b.token)
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

    /// Stamps a whole string, with where in the stamped bytes each value was put: what the
    /// leftover scan of a name needs (`LeftoverScanner.findings(stamping:with:leaving:)`).
    public func stampMarkingValues(_ text: String) -> (bytes: [UInt8], values: [Range<Int>]) {
        guard longestToken > 0, text.utf8.contains(UInt8(ascii: "_")) else { return (Array(text.utf8), []) }
        var output: [UInt8] = []
        var values: [Range<Int>] = []
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            _ = stamp(buffer, isFinal: true, into: &output, values: &values, outputLimit: .max)
        }
        return (output, values)
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
        var values: [Range<Int>] = []
        return stamp(input, isFinal: isFinal, into: &output, values: &values, outputLimit: outputLimit)
    }

    /// Like `stamp(_:isFinal:into:outputLimit:)`, and appends to `values` where in `output` each
    /// value went, in order: the leftover scan takes each as a break in the template's text
    /// (`TokenGrammar`), so a value can never complete a token with the underscores around it.
    public func stamp(
        _ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, into output: inout [UInt8], values: inout [Range<Int>], outputLimit: Int
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
        var stoppedEarly = false
        bytes.withUnsafeBufferPointer { table in
            guard let tableBase = table.baseAddress else { return }
            while index < limit {
                if output.count >= outputLimit {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: index - copiedUpTo))
                    stoppedEarly = true
                    return
                }
                guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), limit - index) else {
                    index = limit
                    return
                }
                let position = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                index = position + 1
                // Every token is `__`, a name and `__`: tokens are told apart from their third byte on.
                guard position + 2 < count, base[position + 1] == UInt8(ascii: "_") else { continue }
                for replacement in replacements[byThirdByte[Int(base[position + 2])]]
                where position + replacement.tokenCount <= count
                    && memcmp(base + position, tableBase + replacement.tokenStart, replacement.tokenCount) == 0 {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: position - copiedUpTo))
                    let valueStart = output.count
                    output.append(contentsOf: UnsafeBufferPointer(start: tableBase + replacement.valueStart, count: replacement.valueCount))
                    values.append(valueStart..<output.count)
                    index = position + replacement.tokenCount
                    copiedUpTo = index
                    break
                }
            }
        }
        if stoppedEarly { return (index, false) }
        let used = max(index, limit)
        if used > copiedUpTo {
            output.append(contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: used - copiedUpTo))
        }
        return (used, true)
    }
}
