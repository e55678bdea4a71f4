/// A placeholder's `secret` and `env`: a value the user gives that is never recorded nor shown.
extension ManifestDecoding {
    /// Reads `secret` and `env` into `placeholder`; false when they break a rule (reported).
    mutating func decodeSecret(_ common: PlaceholderFields, into placeholder: inout Placeholder) -> Bool {
        let secretPair = common.fields["secret"]
        let envPair = common.fields["env"]
        guard secretPair != nil || envPair != nil else { return true }
        var secret = false
        if let pair = secretPair {
            guard case .bool(let value) = pair.value.scalarType else {
                reportWrongType(pair.value, path: "\(common.path).secret", expected: "true or false", fix: "write 'secret: true' without quotes")
                return false
            }
            secret = value
        }
        if let pair = envPair {
            guard let name = nonEmptyString(pair.value, path: "\(common.path).env") else { return false }
            guard Self.isEnvironmentName(name) else {
                report(.setup(.invalidEnvironmentName(name, token: common.token)), at: pair.value.mark)
                return false
            }
            guard secret else {
                report(.setup(.envWithoutSecret(token: common.token)), at: pair.key.mark)
                return false
            }
            placeholder.environment = name
        }
        guard secret, let mark = secretPair?.key.mark else { return true }
        guard case .setting = placeholder.source else {
            report(.setup(.secretNotSet(token: common.token)), at: mark)
            return false
        }
        if placeholder.type != .string {
            report(.setup(.secretNotString(token: common.token)), at: mark)
            return false
        }
        if common.fields["default"] != nil {
            report(.setup(.secretWithDefault(token: common.token)), at: mark)
            return false
        }
        placeholder.secret = true
        return true
    }

    /// An environment variable's name as shells write it: capitals, digits and `_`, not starting with a digit.
    static func isEnvironmentName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "_" || name.count > 1 else { return false }
        let upper = "A"..."Z" as ClosedRange<Unicode.Scalar>
        let digits = "0"..."9" as ClosedRange<Unicode.Scalar>
        return !digits.contains(first) && name.unicodeScalars.allSatisfy { upper.contains($0) || digits.contains($0) || $0 == "_" }
    }
}
