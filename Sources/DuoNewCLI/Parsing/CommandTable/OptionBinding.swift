import DuoNewCore
import DuoNewKit

/// Where an option's value lands: a typed field of the request the parser fills
/// (`GenerateRequest`, which holds every option's field; the other commands' requests are made
/// from it). The same key path reads the field back, so a request can be shown as the command
/// line that makes it (`CommandLineRendering`).
enum OptionBinding: Equatable, Sendable {
    /// A switch: sets the field to true.
    case flag(WritableKeyPath<GenerateRequest, Bool> & Sendable)
    /// A value, kept as typed.
    case text(WritableKeyPath<GenerateRequest, String?> & Sendable)
    /// A repeatable value, each one appended.
    case texts(WritableKeyPath<GenerateRequest, [String]> & Sendable)
    /// `--check-timeout`: whole seconds from 1 to `Check.maximumTimeout`.
    case seconds(WritableKeyPath<GenerateRequest, Int?> & Sendable)
    /// `--set KEY=VALUE`, repeatable.
    case settings(WritableKeyPath<GenerateRequest, [GenerateRequest.Setting]> & Sendable)
    /// `--help`, `--version`: no field; they are the invocation itself, decided before any other.
    case invocation

    static func == (lhs: OptionBinding, rhs: OptionBinding) -> Bool {
        switch (lhs, rhs) {
        case (.flag(let a), .flag(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.texts(let a), .texts(let b)): a == b
        case (.seconds(let a), .seconds(let b)): a == b
        case (.settings(let a), .settings(let b)): a == b
        case (.invocation, .invocation): true
        default: false
        }
    }

    /// Sets the field from what was typed (`value` is nil for a switch), checking the value.
    func apply(_ value: String?, option: String, to request: inout GenerateRequest) throws(UsageError) {
        switch self {
        case .flag(let field): request[keyPath: field] = true
        case .text(let field): request[keyPath: field] = value
        case .texts(let field): request[keyPath: field].append(value ?? "")
        case .seconds(let field):
            let text = value ?? ""
            guard let seconds = Int(text), (1...Check.maximumTimeout).contains(seconds) else { throw .badTimeout(text) }
            request[keyPath: field] = seconds
        case .settings(let field):
            let text = value ?? ""
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { throw .malformedSetting(text) }
            request[keyPath: field].append(.init(key: String(text[..<equals]), value: String(text[text.index(after: equals)...])))
        case .invocation: break
        }
    }

    /// The field as the command-line words that set it: `["--set", "a=b", "--set", "c=d"]`, `[]` when unset.
    func words(of option: String, in request: GenerateRequest) -> [String] {
        switch self {
        case .flag(let field): request[keyPath: field] ? [option] : []
        case .text(let field): request[keyPath: field].map { [option, $0] } ?? []
        case .texts(let field): request[keyPath: field].flatMap { [option, $0] }
        case .seconds(let field): request[keyPath: field].map { [option, String($0)] } ?? []
        case .settings(let field): request[keyPath: field].flatMap { [option, "\($0.key)=\($0.value)"] }
        case .invocation: []
        }
    }
}
