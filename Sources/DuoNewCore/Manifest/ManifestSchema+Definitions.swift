extension ManifestSchema {
    /// The schema's `$defs`: globs, placeholders and their types, choices, conditions, checks.
    static let definitions = #"""
  "$defs": {
"""#
        + "\n" + notTokenAndGlob + "\n" + #"""
    "description": {
      "type": "string",
      "description": "What the value means."
    },
    "placeholder": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "from"
      ],
      "properties": {
        "from": {
          "enum": [
            "app-name",
            "bundle-id",
            "set",
            "derived",
            "year",
            "date"
          ],
          "description": "app-name: the <AppName> argument; bundle-id: the <bundle-id> argument; set: a value given with --set KEY=VALUE; derived: worked out from another value by 'value', never asked; year, date: the day of generation (2026, 2026-12-05), kept by update."
        },
        "value": {
          "type": "string",
          "pattern": "^[ \\t]*(?:[A-Z][A-Z0-9_]*[ \\t]*(?:\\|[ \\t]*[a-z]+[ \\t]*)*|'[^']*'[ \\t]*)(?:\\+[ \\t]*(?:[A-Z][A-Z0-9_]*[ \\t]*(?:\\|[ \\t]*[a-z]+[ \\t]*)*|'[^']*'[ \\t]*))*$",
          "description": "Only with from: derived. A placeholder's token name and filters (APP_NAME | kebab), or several such names and quoted texts joined with + ('com.' + ORG | lower). Filters: lower, upper, kebab, snake, camel, pascal, words, trim."
        },
        "default-from": {
          "type": "string",
          "pattern": "^[ \\t]*(?:[A-Z][A-Z0-9_]*[ \\t]*(?:\\|[ \\t]*[a-z]+[ \\t]*)*|'[^']*'[ \\t]*)(?:\\+[ \\t]*(?:[A-Z][A-Z0-9_]*[ \\t]*(?:\\|[ \\t]*[a-z]+[ \\t]*)*|'[^']*'[ \\t]*))*$",
          "description": "Only with from: set. The default, worked out from another value as 'value' is (APP_NAME | words); the prompt proposes it and --defaults takes it."
        },
        "ask-if": {
          "type": "string",
          "pattern": "\\S",
          "description": "Only with from: set. A condition in the include-if language; when it does not hold the value is not asked, takes its default, and a --set for it is refused."
        },
        "renamed-from": {
          "oneOf": [
            {"type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"},
            {"type": "array", "items": {"type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"}, "minItems": 1, "uniqueItems": true}
          ],
          "description": "The token name this placeholder had in an earlier version of the recipe, or a list of them, the newest first; update carries the value recorded under the first the record holds over."
        },
        "description": {
          "$ref": "#/$defs/description"
        },
\#(secretProperties)        "key": {
          "type": "string",
          "pattern": "^[a-z][a-z0-9._-]*$",
          "description": "Only with from: set. The --set key; default: the token name lower-cased, '_' -> '-'."
        },
        "type": {
          "enum": [
            "string",
            "bool",
            "choice",
            "integer"
          ],
          "description": "Only with from: set. What the value is: string (the default), bool (true or false), choice (one of 'choices'), integer (a whole number, optionally within 'minimum' and 'maximum')."
        },
        "default": {
          "type": [
            "string",
            "boolean",
            "integer"
          ],
          "pattern": "^(?![\\s\\S]*__[A-Z][A-Z0-9_]*__)(?![\\s\\S]*[\\u0000-\\u001F\\u007F-\\u009F])",
          "patternErrorMessage": "A default may not hold control characters or text shaped like a token (__NAME__).",
          "description": "Only with from: set. The value when --set gives none; without it the --set is required (a bool's default is false; a choice needs one). No control characters, nothing shaped like a token."
        },
        "pattern": {
          "type": "string",
          "pattern": "\\S",
          "format": "regex",
          "description": "Only with from: set and type: string. A regular expression the whole value must match; keep to the syntax ICU and ECMAScript share (docs/manifest.md)."
        },
        "hint": {
          "type": "string",
          "pattern": "\\S",
          "description": "Only with a pattern. What the pattern asks for, in words, shown when a value does not match it."
        },
        "choices": {
          "type": "array",
          "minItems": 2,
          "items": {
            "$ref": "#/$defs/choice"
          },
          "description": "Only with type: choice. The values, each a string or {value, description}; at least two, each once."
        },
        "minimum": {
          "type": "integer",
          "description": "Only with type: integer. The smallest value taken."
        },
        "maximum": {
          "type": "integer",
          "description": "Only with type: integer. The largest value taken."
        },
        "suffixes": {
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?:\\.[A-Za-z0-9-]+)+$"
          },
          "description": "Only with from: bundle-id. What the recipe appends to the bundle id for other targets, such as .UITests; the longest must fit Apple's 155 characters."
        }
      },
      "allOf": [
        {
          "if": {
            "properties": {
              "from": {
                "const": "set"
              }
            }
          },
          "else": {
            "properties": {
              "key": false,
              "default-from": false,
              "ask-if": false,
              "type": false,
              "default": false,
              "pattern": false,
              "hint": false,
              "choices": false,
              "minimum": false,
              "maximum": false
            }
          }
        },
        {
          "if": {
            "required": ["type"],
            "properties": {
              "type": {
                "const": "choice"
              }
            }
          },
          "then": {
            "required": [
              "choices",
              "default"
            ]
          },
          "else": {
            "properties": {
              "choices": false
            }
          }
        },
        {
          "if": {
            "required": ["type"],
            "properties": {
              "type": {
                "enum": ["bool", "choice", "integer"]
              }
            }
          },
          "then": {
            "properties": {
              "pattern": false,
              "hint": false
            }
          },
          "else": {
            "properties": {
              "default": {
                "type": "string"
              }
            }
          }
        },
        {
          "if": {
            "required": ["type"],
            "properties": {
              "type": {
                "const": "integer"
              }
            }
          },
          "else": {
            "properties": {
              "minimum": false,
              "maximum": false
            }
          }
        },
        {
          "if": {
            "required": ["hint"]
          },
          "then": {
            "required": ["pattern"]
          }
        },
        {
          "if": {
            "properties": {
              "from": {
                "const": "bundle-id"
              }
            }
          },
          "else": {
            "properties": {
              "suffixes": false
            }
          }
        }
      ]
    },
    "check": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name"
      ],
      "properties": {
"""#
        + "\n" + checkNameAndRun + "\n" + #"""
        "layer": {
          "$ref": "#/$defs/layerName",
          "description": "Run the check of this name that the layer offers (its 'run' in layer.yaml)."
        },
        "timeout": {
          "type": "integer",
          "minimum": 1,
          "maximum": 86400,
          "description": "Seconds the check may run before it is stopped and reported as failed; 1200 (20 minutes) when absent (for a check taken from a layer, the layer's). --check-timeout overrides it."
        },
"""#
        + "\n" + checkNeedsAndOptIn + "\n" + #"""
      },
      "allOf": [
        {
          "if": {
            "required": [
              "layer"
            ]
          },
          "then": {
            "properties": {
              "run": false
            }
          },
          "else": {
            "required": [
              "run"
            ]
          }
        }
      ],
      "description": "A check runs its own command ('run') or the check of that name a layer offers ('layer'), not both."
    },
    "choice": {
      "oneOf": [
        {
          "type": [
            "string",
            "integer",
            "boolean"
          ]
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "value"
          ],
          "properties": {
            "value": {
              "type": [
                "string",
                "integer",
                "boolean"
              ]
            },
            "description": {
              "$ref": "#/$defs/description"
            }
          }
        }
      ],
      "description": "One value of a choice: the value alone, or {value, description}."
    },
"""#
        + "\n" + conditionDefinition + "\n" + setupDefinitions + layerNameAndTreePath + "\n" + #"""
  }
}
"""#
}
