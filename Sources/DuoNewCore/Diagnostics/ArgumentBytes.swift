/// The command line's arguments as the bytes the shell passed. Swift's `CommandLine.arguments`
/// turns bytes that are not UTF-8 into U+FFFD, so a destination `Out\xFF` would silently
/// become a different, newly made folder `Out\u{FFFD}`; every argument is therefore checked as
/// bytes first, and one that is not UTF-8 is refused (65) before anything is read or created.
public enum ArgumentBytes {
    /// The first argument (1-based, after the program's name) whose bytes are not UTF-8, shown
    /// with each undecodable byte as `\xNN`; nil when all are UTF-8. A `--set` value is shown
    /// by its key alone: it may be a secret, which nothing prints.
    public static func firstUndecodable(_ arguments: [[UInt8]]) -> (position: Int, shown: String)? {
        let set = Array("--set".utf8)
        for (index, bytes) in arguments.enumerated() where String(validating: bytes, as: UTF8.self) == nil {
            let inline = bytes.starts(with: set + [UInt8(ascii: "=")])
            if inline || (index > 0 && arguments[index - 1] == set) {
                let setting = inline ? Array(bytes.dropFirst(set.count + 1)) : bytes
                let key = setting.prefix { $0 != UInt8(ascii: "=") }
                return (index + 1, (inline ? "--set=" : "") + shown(Array(key)) + "=(the value, not shown)")
            }
            return (index + 1, shown(bytes))
        }
        return nil
    }

    /// The message for such an argument.
    public static func message(position: Int, shown: String) -> String {
        "argument \(position) ('\(shown)') is not valid UTF-8, and duo-new would turn it into a different name; give names and paths in UTF-8"
    }

    /// `bytes` with every byte that is not part of a valid UTF-8 sequence (and every control
    /// character) escaped, so the terminal shows exactly what was given.
    public static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            if length > 0, let piece = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                text += DisplayPath.escaped(piece)
                index += length
            } else {
                text += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return text
    }

    /// The length of the UTF-8 sequence its lead byte announces, 0 for a byte that leads none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        return index + length <= bytes.count ? length : 0
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
