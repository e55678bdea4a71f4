/// Finding text in a source file by line and column, for diagnostics inside a value.
package enum SourceText {
    /// Where `needle` first occurs at or after `start`; columns count Unicode scalars, as libyaml's do.
    package static func mark(of needle: String, in source: [UInt8], from start: YAMLMark) -> YAMLMark? {
        let needle = Array(needle.utf8)
        guard !needle.isEmpty else { return nil }
        var line = 1, column = 1
        var index = 0
        while index < source.count {
            if (line, column) >= (start.line, start.column), source[index...].starts(with: needle) {
                return YAMLMark(line: line, column: column)
            }
            let byte = source[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                // Skip the continuation bytes of a multi-byte scalar: one column per scalar.
                while index < source.count, source[index] & 0xC0 == 0x80 { index += 1 }
                column += 1
            }
        }
        return nil
    }
}
