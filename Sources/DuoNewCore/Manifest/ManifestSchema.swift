/// The JSON Schema of `template.yaml`, for editors: what `duo-new schema` prints, so an installed
/// duo-new can give it to a recipe kept anywhere. `docs/template.schema.json` is the same text
/// (`duo-new schema > docs/template.schema.json` after a change; a test compares the two).
public enum ManifestSchema {
    public static let json = top + "\n" + definitions

    /// The keys a recipe's and a layer's manifest describe alike, one text for both schemas.
    static let sharedProperties = #"""
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
"""#

    /// The top-level keys; a layer's manifest shares `sharedProperties` with them.
    private static let top = #"""
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
"""#
        + "\n" + sharedProperties + "\n" + #"""
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
    "include-if": {
      "type": "object",
      "description": "Path -> condition: the file or folder (with all it holds) is generated only when the condition holds. A condition tests bool placeholders by name and choices with == or !=, with not, and, or and parentheses: 'GALLERY and MODE == video'.",
      "propertyNames": {
        "$ref": "#/$defs/treePath"
      },
      "additionalProperties": {
        "$ref": "#/$defs/condition"
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
\#(setupProperties)    "next-steps": {
      "type": "string",
      "description": "Text printed after generation, stamped with the tokens and __DESTINATION__."
    }
  },
"""#
}
