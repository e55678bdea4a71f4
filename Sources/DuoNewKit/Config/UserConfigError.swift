import DuoNewCore

/// Why the user's config file is refused: each problem at its line and column.
public struct UserConfigError: Error, Sendable, Equatable {
    public struct Problem: Sendable, Equatable {
        public var mark: YAMLMark?
        public var message: String
        public var note: String?

        public init(mark: YAMLMark? = nil, message: String, note: String? = nil) {
            self.mark = mark
            self.message = message
            self.note = note
        }
    }

    public var path: String
    public var problems: [Problem]

    public init(path: String, problems: [Problem]) {
        self.path = path
        self.problems = problems
    }

    /// Compiler-style: `config.yaml:3:1: error: unknown key 'sett'; did you mean 'set'?`.
    public var diagnostics: [Diagnostic] {
        problems.map { problem in
            Diagnostic(
                .error,
                at: problem.mark.map { SourceLocation(file: path, line: $0.line, column: $0.column) },
                problem.mark == nil ? "'\(path)' \(problem.message)" : problem.message,
                notes: problem.note.map { [$0] } ?? []
            )
        }
    }
}
