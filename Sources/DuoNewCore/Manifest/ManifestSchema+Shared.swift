/// The pieces of schema text a recipe's schema and a layer's share (`LayerManifestSchema`), so
/// each rule an editor is shown is written once.
extension ManifestSchema {
    /// A check's `needs` and `opt-in`, described alike for a recipe's checks and a layer's.
    static let checkNeedsAndOptIn = #"""
        "needs": {
          "type": "object",
          "description": "What the check needs on this machine: commands looked up on PATH. Where one is missing the check is skipped (not failed) with the reason 'needs COMMAND: HINT'; --require-all makes a skip fail the generation.",
          "additionalProperties": false,
          "required": ["commands"],
          "properties": {
            "commands": {
              "type": "array",
              "minItems": 1,
              "items": { "type": "string", "pattern": "^[^/\\s]+$" },
              "description": "Command names, one word each, without '/'."
            },
            "hint": {
              "type": "string",
              "minLength": 1,
              "description": "Where the commands come from, for the skip reason: 'macOS with Xcode 27.1 or later'."
            }
          }
        },
        "opt-in": {
          "type": "boolean",
          "description": "Run the check only when asked for by name (duo-new ... --with NAME), for a check that takes over something the user shares, such as the simulator."
        }
"""#

    /// The `$defs` of a word shaped like a token and of a glob, for a recipe's schema and a layer's alike.
    static let notTokenAndGlob = #"""
    "notToken": {
      "type": "string",
      "pattern": "^__[A-Z][A-Z0-9_]*__$",
      "description": "One word shaped like a token, whole: two underscores, a capital, capitals, digits or '_', two underscores."
    },
    "glob": {
      "type": "string",
      "description": "A glob relative to template/: '*' within a segment, '?' one character, '**' as a whole segment; no '/' means any depth.",
      "minLength": 1,
      "allOf": [
        {
          "pattern": "^[^/]",
          "patternErrorMessage": "A glob is relative to template/: remove the leading '/'."
        },
        {
          "pattern": "^(?!(?:.*/)?\\.\\.?(?:/|$))",
          "patternErrorMessage": "A glob has no '.' or '..' segment."
        },
        {
          "pattern": "^(?!.*//)",
          "patternErrorMessage": "A glob has no empty segment ('//')."
        },
        {
          "pattern": "^(?!.*(?:[^/]\\*\\*|\\*\\*[^/]))",
          "patternErrorMessage": "Write '**' alone between slashes."
        },
        {
          "pattern": "^[^\\[\\]{}]*$",
          "patternErrorMessage": "Brackets and braces are not supported; list each pattern instead."
        }
      ]
    },
"""#

    /// A check's `name` and `run`, described alike for a recipe's checks and a layer's.
    static let checkNameAndRun = #"""
        "name": {
          "type": "string",
          "pattern": "\\S",
          "description": "The check's name in progress output and --json."
        },
        "run": {
          "type": "string",
          "pattern": "\\S",
          "description": "A command for /bin/sh -c, run in the new project's folder."
        },
"""#

    /// The `$defs` entry of an `include-if` condition, for a recipe's schema and a layer's alike.
    static let conditionDefinition = #"""
    "condition": {
      "type": "string",
      "maxLength": 1000,
      "pattern": "^[A-Za-z0-9_.+\\-\\s()'=!]*[A-Z][A-Za-z0-9_.+\\-\\s()'=!]*$",
      "patternErrorMessage": "A condition names bool and choice placeholders in capitals, with ==, !=, not, and, or and parentheses.",
      "description": "Tests bool placeholders by name (GALLERY) and choices with == or != (MODE == video, a value with other characters in single quotes), with not, and, or and parentheses."
    },
"""#

    /// The last `$defs` entries of both schemas: a layer's name and a path in a tree.
    static let layerNameAndTreePath = #"""
    "layerName": {
      "type": "string",
      "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
      "description": "A layer's name: the name of its folder beside the recipes."
    },
    "treePath": {
      "type": "string",
      "pattern": "^(?!/)(?:(?!\\.\\.?(?:/|$))[^/]+)(?:/(?!\\.\\.?(?:/|$))[^/]+)*$",
      "description": "A path relative to template/, tokens as written in the tree: no leading '/', no '.' or '..', no empty names."
    }
"""#
}
