import Foundation
import Testing
@testable import DuoNewKit

/// A JSON Schema validator for exactly the keywords `docs/template.schema.json` uses, so the schema
/// can be checked against the decoder without any tool beyond the toolchain. A keyword it does not
/// know fails the test instead of being ignored.
struct JSONSchemaSubset {
    let root: [String: Any]

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "format", "$defs"]

    init(contentsOf url: URL) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        root = try #require(object as? [String: Any])
    }

    /// A YAML node as the JSON value an editor's YAML language server would check: plain scalars
    /// typed by the core schema, keys as strings. Nil when a key is not a scalar (JSON has none).
    static func json(from node: YAMLNode?) -> Any? {
        guard let node else { return NSNull() }
        switch node.kind {
        case .sequence(let items):
            var array: [Any] = []
            for item in items {
                guard let value = json(from: item) else { return nil }
                array.append(value)
            }
            return array
        case .mapping(let pairs):
            var object: [String: Any] = [:]
            for pair in pairs {
                guard let key = pair.key.scalarValue, case .scalar = pair.key.kind, let value = json(from: pair.value) else { return nil }
                object[key] = value
            }
            return object
        case .scalar(let text, _):
            switch node.scalarType {
            case .null?: return NSNull()
            case .bool(let value)?: return value
            case .int?, .float?: return JSONNumber(text: text)
            default: return text
            }
        }
    }

    /// A number kept apart from booleans (Foundation bridges both to NSNumber).
    struct JSONNumber {
        var text: String
    }

    func accepts(_ value: Any) -> Bool {
        valid(value, against: root)
    }

    /// Whether a value is valid against one of the schema's `$defs`.
    func accepts(_ value: Any, definition: String) -> Bool {
        valid(value, against: ["$ref": "#/$defs/\(definition)"])
    }

    private func valid(_ value: Any, against schema: [String: Any]) -> Bool {
        for (keyword, argument) in schema where !Self.annotations.contains(keyword) {
            if !check(keyword, argument, value, schema) { return false }
        }
        return true
    }

    private func check(_ keyword: String, _ argument: Any, _ value: Any, _ schema: [String: Any]) -> Bool {
        switch keyword {
        case "$ref":
            guard let ref = argument as? String, ref.hasPrefix("#/$defs/"),
                  let defs = root["$defs"] as? [String: Any],
                  let target = defs[String(ref.dropFirst("#/$defs/".count))] as? [String: Any]
            else {
                Issue.record("unsupported $ref \(argument)")
                return false
            }
            return valid(value, against: target)
        case "type":
            return Self.type(of: value) == (argument as? String)
        case "enum":
            return (argument as? [String] ?? []).contains { $0 == value as? String }
        case "const":
            return (argument as? String) == (value as? String) && value is String
        case "pattern":
            guard let string = value as? String else { return true }
            guard let regex = try? NSRegularExpression(pattern: argument as? String ?? "") else {
                Issue.record("the schema's pattern \(argument) does not compile")
                return false
            }
            return regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
        case "minLength":
            guard let string = value as? String else { return true }
            return string.unicodeScalars.count >= (argument as? Int ?? 0)
        case "required":
            guard let object = value as? [String: Any] else { return true }
            return (argument as? [String] ?? []).allSatisfy { object[$0] != nil }
        case "properties":
            guard let object = value as? [String: Any], let properties = argument as? [String: Any] else { return true }
            return properties.allSatisfy { key, sub in object[key].map { valid($0, against: sub as? [String: Any] ?? [:]) } ?? true }
        case "additionalProperties":
            guard let object = value as? [String: Any] else { return true }
            let known = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            let extra = object.filter { !known.contains($0.key) }
            if let allowed = argument as? Bool, !(argument is [String: Any]) { return allowed || extra.isEmpty }
            return extra.allSatisfy { valid($0.value, against: argument as? [String: Any] ?? [:]) }
        case "propertyNames":
            guard let object = value as? [String: Any] else { return true }
            return object.keys.allSatisfy { valid($0, against: argument as? [String: Any] ?? [:]) }
        case "items":
            guard let array = value as? [Any] else { return true }
            return array.allSatisfy { valid($0, against: argument as? [String: Any] ?? [:]) }
        case "oneOf":
            return (argument as? [[String: Any]] ?? []).filter { valid(value, against: $0) }.count == 1
        case "not":
            return !valid(value, against: argument as? [String: Any] ?? [:])
        default:
            Issue.record("the schema uses '\(keyword)', which this validator does not know; teach it")
            return false
        }
    }

    private static func type(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is Bool: return "boolean"
        case is JSONNumber: return "number"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        default: return "unknown"
        }
    }
}
