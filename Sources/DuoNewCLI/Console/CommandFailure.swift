import DuoNewCore
import DuoNewKit

/// A refusal or error that ends a command: its exit code, its headline and the diagnostics behind
/// it, which stay values until the command renders them.
struct CommandFailure: Error {
    var code: ExitCode
    var message: String
    /// Printed before the message, one per line (`file:line:column: error: …`).
    var details: [Diagnostic] = []
}

extension CommandFailure {
    /// The library's reason generation stopped, with its exit code.
    init(_ failure: GenerationFailure) {
        self.init(code: ExitCode(for: failure.kind), message: failure.message, details: failure.diagnostics)
    }

    /// What `body` returns, or its refusal as the command's: the one place the library's
    /// failure becomes the CLI's.
    static func from<T>(_ body: () throws(GenerationFailure) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension ExitCode {
    /// The one mapping from the library's kinds of fault to exit codes.
    init(for kind: GenerationFailure.Kind) {
        switch kind {
        case .noRecipe: self = .noRecipe
        case .brokenRecipe: self = .brokenTemplate
        case .badValue: self = .badValue
        case .usage: self = .usage
        case .destination: self = .destinationUnusable
        case .busy: self = .busy
        case .io: self = .ioError
        case .interrupted(let signal): self = .stopped(by: signal)
        }
    }
}
