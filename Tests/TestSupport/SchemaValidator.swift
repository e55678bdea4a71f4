import Foundation
import DuoNewCore
import DuoNewKit

/// `docs/template.schema.json` checked by `jsonschema` from PyPI, a real JSON Schema 2020-12
/// validator, through `scripts/validate-schema.py`: every value of one test in one run of Python.
/// `scripts/test.sh` and `.ci/run` install the package; without it these tests fail and say so.
package enum SchemaValidator {
    package static let repository = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
    package static let schemaURL = repository.appendingPathComponent("docs/template.schema.json")
    package static let script = repository.appendingPathComponent("scripts/validate-schema.py")

    /// One value to check: against the whole schema, or against one of its `$defs`.
    package struct Request {
        package var label: String
        package var instance: Any
        package var definition: String?

        package init(label: String, instance: Any, definition: String? = nil) {
            self.label = label
            self.instance = instance
            self.definition = definition
        }
    }

    /// The validator's error messages for each label (empty when the value is valid), against
    /// `schema` (by default the template schema; `docs/layer.schema.json` for layers).
    package static func verdicts(_ requests: [Request], schema: URL = schemaURL) throws -> [String: [String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("duo-new-schema-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let objects: [[String: Any]] = requests.map { request in
            var object: [String: Any] = ["label": request.label, "instance": request.instance]
            if let definition = request.definition { object["definition"] = definition }
            return object
        }
        try JSONSerialization.data(withJSONObject: objects).write(to: file)
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, schema.path, file.path])
        try required(run.status == 0, "scripts/validate-schema.py failed (exit \(run.status)): \(run.errorText)")
        let decoded = try JSONSerialization.jsonObject(with: run.output)
        return try required(decoded as? [String: [String]], "unexpected output: \(run.outputText)")
    }

    /// A YAML node as the JSON value duo-new reads it (YAML 1.2 core schema, by style), which is
    /// what an editor reading YAML 1.2 gives the schema. Nil when a key is not a scalar (JSON has none).
    package static func json(from node: YAMLNode?) -> Any? {
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
            // Any number will do where the schema wants a string: `.inf` and `0x1F` need no exact value.
            case .int?, .float?:
                if let integer = Int(text) { return integer }
                if let real = Double(text), real.isFinite { return real }
                return 0
            default: return text
            }
        }
    }
}
