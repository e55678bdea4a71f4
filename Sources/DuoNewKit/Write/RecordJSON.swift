#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DuoNewCore

/// Writes a generation record as JSON, byte for byte as `JSONEncoder` does with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes` (two-space indent, `"key" : value`, keys in UTF-8
/// byte order, empty collections as an opening line, a blank line and a closing one).
///
/// Why not `JSONEncoder`: a project of 20,000 files took a tenth of its whole generation in it
/// (boxing every value, then sorting keys through generic comparisons), and the record is written
/// after the copy, when nothing else can run meanwhile. A test compares the two on records with
/// every kind of character a path or value can hold.
struct RecordJSON {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the current object or array has had an element yet (one flag per open level).
    private var started: [Bool] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    static func encode(_ record: GenerationRecord) -> [UInt8] {
        // About 130 bytes per file entry; the rest is small.
        var json = RecordJSON(capacity: 1024 + 130 * (record.files?.count ?? 0))
        json.openObject()
        if let files = record.files {
            json.key("files")
            json.object(files) { json, file in
                json.openObject()
                json.member("mode", file.mode)
                json.member("sha256", file.sha256)
                json.closeObject()
            }
        }
        if let folders = record.folders {
            json.key("folders")
            json.openArray()
            for folder in folders { json.element(folder) }
            json.closeArray()
        }
        json.member("generator", record.generator)
        if let layers = record.layers {
            json.key("layers")
            json.openArray()
            for layer in layers {
                json.elementStart()
                json.openObject()
                json.member("name", layer.name)
                json.member("version", layer.version)
                json.closeObject()
            }
            json.closeArray()
        }
        if let links = record.links {
            json.key("links")
            json.object(links) { json, target in json.string(target) }
        }
        json.member("recipe", record.recipe)
        if let templates = record.templates {
            json.key("templates")
            json.openObject()
            json.member("commit", templates.commit)
            json.member("url", templates.url)
            json.closeObject()
        }
        json.key("values")
        json.object(record.values) { json, value in json.string(value) }
        json.member("version", record.version)
        json.closeObject()
        json.bytes.append(UInt8(ascii: "\n"))
        return json.bytes
    }

    // MARK: - Structure

    private mutating func openObject() { open(UInt8(ascii: "{")) }
    private mutating func closeObject() { close(UInt8(ascii: "}")) }
    private mutating func openArray() { open(UInt8(ascii: "[")) }
    private mutating func closeArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        started.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadElements = started.removeLast()
        depth -= 1
        // JSONEncoder writes an empty collection as a bracket, an empty line and the closing bracket.
        bytes.append(UInt8(ascii: "\n"))
        if !hadElements { bytes.append(UInt8(ascii: "\n")) }
        indent()
        bytes.append(bracket)
    }

    /// The separator and indentation before the next element of the open object or array.
    private mutating func elementStart() {
        if started[started.count - 1] { bytes.append(UInt8(ascii: ",")) }
        started[started.count - 1] = true
        bytes.append(UInt8(ascii: "\n"))
        indent()
    }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
    }

    private mutating func key(_ name: String) {
        elementStart()
        string(name)
        bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
    }

    private mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    private mutating func element(_ value: String) {
        elementStart()
        string(value)
    }

    /// A dictionary as an object with its keys in UTF-8 byte order.
    private mutating func object<Value>(_ dictionary: [String: Value], value: (inout RecordJSON, Value) -> Void) {
        openObject()
        for (name, item) in dictionary.sorted(by: { Self.utf8Precedes($0.key, $1.key) }) {
            key(name)
            value(&self, item)
        }
        closeObject()
    }

    // MARK: - Strings

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u001f`; every
    /// other byte as it is (no `/` escaped, no non-ASCII escaped), as JSONEncoder writes it.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true {
            for byte in text.utf8 { escaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func escaped(_ byte: UInt8) {
        guard Self.needsEscape(byte) else {
            bytes.append(byte)
            return
        }
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    /// UTF-8 byte order, the order `.sortedKeys` gives; `memcmp` when both strings are contiguous
    /// (native Swift strings always are), which a generic comparison of the two views is not.
    static func utf8Precedes(_ first: String, _ second: String) -> Bool {
        let fast = first.utf8.withContiguousStorageIfAvailable { a in
            second.utf8.withContiguousStorageIfAvailable { b -> Bool in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        if let fast, let result = fast { return result }
        return first.utf8.lexicographicallyPrecedes(second.utf8)
    }
}
