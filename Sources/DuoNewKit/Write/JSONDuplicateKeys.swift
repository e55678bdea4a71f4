import Foundation

/// Finds a key named twice in one object of a JSON text. `JSONDecoder` takes one of the two
/// silently (the first), where other tools (python, jq) take the last: a hand-edited record with
/// both would mean one thing to duo-new and another to the user reading it.
enum JSONDuplicateKeys {
    /// The first key named twice in one object, or nil; `bytes` is JSON that already decoded.
    /// One pass, with a stack rather than recursion, so no nesting depth can exhaust the stack.
    static func first(in bytes: [UInt8]) -> String? {
        // Per open object: the keys seen, and whether the next string is a key.
        var objects: [(keys: Set<String>, expectingKey: Bool)?] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): objects.append(([], true))
            case UInt8(ascii: "["): objects.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = objects.popLast()
            case UInt8(ascii: ","): if objects.last??.keys != nil { objects[objects.count - 1]?.expectingKey = true }
            case UInt8(ascii: ":"): if objects.last??.keys != nil { objects[objects.count - 1]?.expectingKey = false }
            case UInt8(ascii: "\""):
                let end = stringEnd(bytes, from: index)
                if let object = objects.last ?? nil, object.expectingKey {
                    let key = text(of: bytes[index...end])
                    if object.keys.contains(key) { return key }
                    objects[objects.count - 1]?.keys.insert(key)
                }
                index = end
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index of the quote that closes the string opening at `start`.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index, bytes.count - 1)
    }

    /// A quoted string's text, its escapes read (`"\u0061"` is the key `a`).
    private static func text(of quoted: ArraySlice<UInt8>) -> String {
        let inner = quoted.dropFirst().dropLast()
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: inner, as: UTF8.self)
    }
}
