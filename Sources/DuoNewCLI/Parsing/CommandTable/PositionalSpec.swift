import DuoNewCore

/// One positional argument of a command, as the command table declares it.
struct PositionalSpec: Equatable, Sendable {
    /// What a shell offers for it when Tab is pressed.
    enum Completion: Equatable, Sendable {
        /// Nothing: the user's own word (an AppName, a bundle id).
        case none
        case folder
        /// A recipe name (`duo-new list --names`) or a path to a recipe folder.
        case recipe
        /// One of `choices`.
        case choices
        /// A command word or a recipe's name (`help`).
        case topic
    }

    /// `<recipe>`, `<template-dir>`, `[folder]`: as the help's ARGUMENTS name it.
    let name: String
    let required: Bool
    /// Takes every remaining argument (`lint <template-dir>...`).
    let repeats: Bool
    /// The only words it may be (`bash|zsh|fish`); empty: any word.
    let choices: [String]
    let completion: Completion
    /// Pre-wrapped help text for ARGUMENTS; nil: not listed there.
    let help: String?

    init(_ name: String, required: Bool = true, repeats: Bool = false, choices: [String] = [], completion: Completion = .none, help: String? = nil) {
        self.name = name
        self.required = required
        self.repeats = repeats
        self.choices = choices
        self.completion = choices.isEmpty ? completion : .choices
        self.help = help
    }

    /// The argument in a usage line: `<recipe>`, `[folder]`, `<template-dir>...`, `bash|zsh|fish`.
    var usageItem: String {
        if !choices.isEmpty {
            let list = choices.joined(separator: "|")
            return required ? list : "[\(list)]"
        }
        return name + (repeats ? "..." : "")
    }
}
