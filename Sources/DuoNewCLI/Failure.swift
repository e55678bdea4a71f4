import DuoNewCore

/// A refusal or error that ends a command: its exit code, its headline and any detail lines.
struct Failure: Error {
    var code: ExitCode
    var message: String
    /// Diagnostics printed before the message, one per line (`file:line:column: error: …`).
    var details: [String] = []
}
