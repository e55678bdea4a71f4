import Foundation

/// How duo-new writes every JSON it prints or records: indented, keys sorted (so the same
/// inputs give the same bytes), `/` as it is. One setting, so `--json`, `list --json` and the
/// project's record cannot drift apart.
public enum PrettyJSON {
    /// `value` encoded; nil only for a value that cannot be encoded (a non-finite number).
    public static func data(_ value: some Encodable) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(value)
    }

    /// `value` as text; `fallback` when it cannot be encoded.
    public static func text(_ value: some Encodable, fallback: String = "{}") -> String {
        data(value).map { String(decoding: $0, as: UTF8.self) } ?? fallback
    }
}
