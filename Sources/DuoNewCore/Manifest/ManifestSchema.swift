/// The JSON Schema of `template.yaml`, for editors: what `duo-new schema` prints, so an installed
/// duo-new can give it to a recipe kept anywhere. `docs/template.schema.json` is the same text
/// (`duo-new schema > docs/template.schema.json` after a change; a test compares the two).
public enum ManifestSchema {
    public static let json = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "duo-new template manifest (template.yaml)",
  "description": "A recipe's manifest; see docs/manifest.md. duo-new reads it as YAML 1.2 (libyaml, core schema): bare yes, no, on and off and dates such as 2024-01-01 are strings, while editors and tools that read YAML 1.1 (PyYAML, for one) see booleans and dates there; quote such values so every reader agrees. Anchors, aliases, tags, duplicate keys and a second document are refused.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "name",
    "summary",
    "version",
    "placeholders"
  ],
  "properties": {
    "name": {
      "type": "string",
      "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
      "description": "The recipe's name; must equal its folder's name."
    },
    "summary": {
      "type": "string",
      "pattern": "^\\s*[^\\s\\u0000-\\u001F\\u007F-\\u009F](?:[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*[^\\s\\u0000-\\u001F\\u007F-\\u009F])?\\s*$",
      "patternErrorMessage": "One line of text: no line breaks (U+2028 and U+0085 included) and no control characters.",
      "description": "One line for `duo-new list`: no line breaks (U+2028, U+2029 and U+0085 count) and no control characters."
    },
    "version": {
      "type": "string",
      "pattern": "^[0-9]+(?:\\.[0-9]+)*(?:-[0-9A-Za-z.-]+)?$",
      "description": "The template's version: digits and dots, optional -suffix. Quote a single-dot version: \"1.0\"."
    },
    "layers": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/layerName"
      },
      "uniqueItems": true,
      "description": "Layers whose trees come before the recipe's, in order; each a folder beside the recipes holding layer.yaml and template/."
    },
    "replaces": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/treePath"
      },
      "uniqueItems": true,
      "description": "Paths in this tree that replace the same path of an earlier layer instead of colliding with it."
    },
    "placeholders": {
      "type": "object",
      "description": "Token name -> where its value comes from. APP_NAME is written __APP_NAME__ in the tree.",
      "propertyNames": {
        "pattern": "^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$",
        "not": {
          "const": "DESTINATION"
        }
      },
      "additionalProperties": {
        "$ref": "#/$defs/placeholder"
      }
    },
    "reserved-names": {
      "type": "array",
      "items": {
        "type": "string",
        "minLength": 1
      },
      "description": "AppNames refused beyond the built-in rules, compared without case."
    },
    "verbatim": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/glob"
      },
      "description": "Globs of files copied byte for byte, never stamped."
    },
    "not-tokens": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/notToken"
      },
      "uniqueItems": true,
      "description": "Words shaped like a token that the tree holds on purpose: left as they are, like the compilers' own words (__FILE__, __OBJC__)."
    },
    "exclude": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/glob"
      },
      "description": "Globs of files and folders left out of the generated project."
    },
    "checks": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/check"
      },
      "description": "Commands run with /bin/sh -c in the new project after generation."
    },
    "next-steps": {
      "type": "string",
      "description": "Text printed after generation, stamped with the tokens and __DESTINATION__."
    }
  },
  "$defs": {
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
            "set"
          ],
          "description": "app-name: the <AppName> argument; bundle-id: the <bundle-id> argument; set: a value given with --set KEY=VALUE."
        },
        "description": {
          "$ref": "#/$defs/description"
        },
        "key": {
          "type": "string",
          "pattern": "^[a-z][a-z0-9._-]*$",
          "description": "Only with from: set. The --set key; default: the token name lower-cased, '_' -> '-'."
        },
        "default": {
          "type": "string",
          "pattern": "^(?![\\s\\S]*__[A-Z][A-Z0-9_]*__)(?![\\s\\S]*[\\u0000-\\u001F\\u007F-\\u009F])",
          "patternErrorMessage": "A default may not hold control characters or text shaped like a token (__NAME__).",
          "description": "Only with from: set. The value when --set gives none; without it the --set is required. No control characters, nothing shaped like a token."
        },
        "pattern": {
          "type": "string",
          "pattern": "\\S",
          "format": "regex",
          "description": "Only with from: set. A regular expression the whole value must match; keep to the syntax ICU and ECMAScript share (docs/manifest.md)."
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
              "default": false,
              "pattern": false
            }
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
  }
}
"""#
}
