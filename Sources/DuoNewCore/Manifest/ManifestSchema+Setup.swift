extension ManifestSchema {
    /// The top-level properties that set a project up beyond its files: `tasks` (and `rename`).
    static let setupProperties = #"""
    "tasks": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/task"
      },
      "description": "One-time commands run with /bin/sh -c in the new project once it is written, before the checks, with each value as DUO_NEW_<TOKEN> in their environment; never run by duo-new check."
    },
    "rename": {
      "type": "object",
      "description": "Template path -> the path in the same folder it is written to. With include-if, two files may land on one path when their conditions never hold together (lint proves it).",
      "propertyNames": {
        "$ref": "#/$defs/treePath"
      },
      "additionalProperties": {
        "$ref": "#/$defs/treePath"
      }
    },

"""#

    /// A placeholder's `secret` and `env`.
    static let secretProperties = #"""
        "secret": {
          "type": "boolean",
          "description": "Only with from: set, a string without a default. true: the value is asked without echo, or taken from --set or the variable 'env' names, and never written to .duo-new.json or any report; update takes it again."
        },
        "env": {
          "type": "string",
          "pattern": "^(?:[A-Z][A-Z0-9_]*|_[A-Z0-9_]+)$",
          "description": "Only with secret: true. The environment variable the secret is read from when --set does not give it: env: MY_API_KEY."
        },

"""#

    /// The `$defs` of those properties.
    static let setupDefinitions = #"""
    "task": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name",
        "run"
      ],
      "properties": {
        "name": {
          "type": "string",
          "pattern": "\\S",
          "description": "The task's name in progress output, GENERATION-CHECKS.md and --json; not the name of a check."
        },
        "run": {
          "type": "string",
          "pattern": "\\S",
          "description": "A command for /bin/sh -c, run in the new project's folder with the values as DUO_NEW_<TOKEN>."
        },
        "on": {
          "type": "array",
          "minItems": 1,
          "uniqueItems": true,
          "items": {
            "enum": [
              "generate",
              "update"
            ]
          },
          "description": "When the task runs: [generate] (the default), or [generate, update] to run it again after duo-new update."
        },
        "timeout": {
          "type": "integer",
          "minimum": 1,
          "maximum": 86400,
          "description": "Seconds the task may run before it is stopped and reported as failed; 1200 (20 minutes) when absent."
        }
      }
    },

"""#
}
