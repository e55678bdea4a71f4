/// The commands of duo-new: what dispatch switches over, so a command the table gains is a
/// compile error wherever it is not handled, never a fall-through to another command.
enum Command: String, CaseIterable, Sendable {
    case generate, list, lint, schema, completions, config, check, update, help
}
