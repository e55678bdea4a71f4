/// The JSON Schema of a layer's `layer.yaml`, printed by `duo-new schema --layer` and kept as
/// `docs/layer.schema.json` (a test compares the two), for editors: a layer takes fewer keys
/// than a recipe (no placeholders, no next steps). What a layer describes as a recipe does is
/// `ManifestSchema`'s text, one for both: the keys `summary` to `replaces`
/// (`sharedProperties`), globs, words shaped like tokens, conditions, a check's name, run,
/// needs and opt-in, layer names and tree paths. A layer restates only what differs: which keys
/// it takes, and the descriptions that speak of the recipes using it.
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
        "$ref": "#/$defs/condition"
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
"""#
        + "\n" + ManifestSchema.notTokenAndGlob + "\n" + ManifestSchema.conditionDefinition + "\n" + #"""
    "check": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name",
        "run"
      ],
      "properties": {
"""#
        + "\n" + ManifestSchema.checkNameAndRun + "\n" + #"""
        "timeout": {
          "type": "integer",
          "minimum": 1,
          "maximum": 86400,
          "description": "Seconds the check may run before it is stopped and reported as failed; 1200 (20 minutes) when absent, unless the recipe taking it gives its own. --check-timeout overrides it."
        },
"""#
        + "\n" + ManifestSchema.checkNeedsAndOptIn + "\n" + #"""
      }
    },
"""#
        + "\n" + ManifestSchema.layerNameAndTreePath + "\n" + #"""
  }
}
"""#
}
