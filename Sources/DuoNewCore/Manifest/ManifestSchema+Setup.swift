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
