/// The JSON Schema of a layer's `layer.yaml`, printed by `duo-new schema --layer` and kept as
/// `docs/layer.schema.json` (a test compares the two), for editors: a layer takes fewer keys
/// than a recipe (no placeholders, no next steps). The keys a layer describes as a recipe does
/// (`summary` to `replaces`) are `ManifestSchema.sharedProperties`, one text for both.
public enum LayerManifestSchema {
    public static let json = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "duo-new layer manifest (layer.yaml)",
  "description": "A layer's manifest: files several recipes share; see docs/manifest.md, 'Layers'.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "name",
    "summary",
    "version"
  ],
  "properties": {
    "name": {
      "type": "string",
      "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$",
      "description": "The layer's name; must equal its folder's name."
    },
"""#
        + "\n" + ManifestSchema.sharedProperties + "\n" + #"""
    "include-if": {
      "type": "object",
      "description": "Path -> condition, as in a recipe: the file or folder is generated only when the condition holds. The names it tests are placeholders each recipe using the layer declares.",
      "propertyNames": {
        "$ref": "#/$defs/treePath"
      },
      "additionalProperties": {
        "type": "string",
        "maxLength": 1000,
        "pattern": "^[A-Za-z0-9_.+\\-\\s()'=!]*[A-Z][A-Za-z0-9_.+\\-\\s()'=!]*$",
        "description": "Tests bool placeholders by name and choices with == or !=, with not, and, or and parentheses."
      }
    },
    "verbatim": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/glob"
      },
      "description": "Globs of files copied byte for byte; they join the globs of each recipe using the layer."
    },
    "not-tokens": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/notToken"
      },
      "uniqueItems": true,
      "description": "Words shaped like a token that the layer's files hold on purpose; they join the words of each recipe using the layer."
    },
    "checks": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/check"
      },
      "description": "Checks the layer offers; a recipe runs one with {name: <its name>, layer: <this layer>}."
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
      "pattern": "^(?!\\.\\.?(?:/|$))(?:\\*\\*|(?:[^/*\\[\\]{}]|\\*(?!\\*))+)(?:/(?!\\.\\.?(?:/|$))(?:\\*\\*|(?:[^/*\\[\\]{}]|\\*(?!\\*))+))*/?$",
      "description": "A glob relative to template/: '*' within a segment, '?' one character, '**' as a whole segment; no '/' means any depth."
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
    },
    "check": {
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
          "description": "The check's name in progress output and --json."
        },
        "run": {
          "type": "string",
          "pattern": "\\S",
          "description": "A command for /bin/sh -c, run in the new project's folder."
        },
        "timeout": {
          "type": "integer",
          "minimum": 1,
          "maximum": 86400,
          "description": "Seconds the check may run before it is stopped and reported as failed; 1200 (20 minutes) when absent, unless the recipe taking it gives its own. --check-timeout overrides it."
        },
"""#
        + "\n" + ManifestSchema.checkNeedsAndOptIn + "\n" + #"""
      }
    }
  }
}
"""#
}
