/// Hides the secrets' values in what the recipe's commands print: a task or a check may echo
/// its `DUO_NEW_<TOKEN>` variable or a file the secret was stamped into, and its lines reach the
/// terminal, a CI log, the `--json` report and `GENERATION-CHECKS.md` (a check that cannot start
/// gives its last line as the reason). Each value is replaced by `***` wherever it appears, as
/// CI services mask their secrets.
///
/// A value shorter than `shortestMasked` characters is left as it is: masking `ab` would blank
/// out every `ab` in the output, and a value that short hides nothing anyway.
public struct SecretMask: Sendable, Equatable {
    public static let shortestMasked = 4
    public static let replacement = "***"

    /// The values masked, longest first, so a secret that holds another is hidden whole.
    let values: [String]

    public init(_ values: some Sequence<String> = []) {
        let masked: Set<String> = Set(values.filter { $0.count >= Self.shortestMasked })
        self.values = masked.sorted { (first: String, second: String) -> Bool in
            first.count != second.count ? first.count > second.count : first < second
        }
    }

    /// `line` with every masked value replaced.
    public func apply(_ line: String) -> String {
        values.reduce(line) { line, value in line.replacing(value, with: Self.replacement) }
    }
}

extension Manifest {
    /// The mask for the secrets among `values` (by placeholder name).
    public func secretMask(values: [String: String]) -> SecretMask {
        SecretMask(secretValues(values))
    }
}
