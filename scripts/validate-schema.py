#!/usr/bin/env python3
"""Checks JSON values against docs/template.schema.json with `jsonschema` (PyPI), a real
JSON Schema 2020-12 validator, the way editors check a manifest against the schema.

    scripts/validate-schema.py SCHEMA REQUESTS

REQUESTS is a JSON file holding a list of {"label", "instance"} objects, each optionally with
"definition" (a name under the schema's $defs to check the instance against instead of the
whole schema). Prints one JSON object mapping each label to the list of the validator's error
messages ([] when valid). Exit 2 when the schema itself is not a valid 2020-12 schema, 69 when
jsonschema is missing (`python3 -m pip install jsonschema`; scripts/test.sh installs it).
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("validate-schema: the Python package 'jsonschema' is missing; install it with 'python3 -m pip install jsonschema'", file=sys.stderr)
    sys.exit(69)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    with open(sys.argv[1], encoding="utf-8") as file:
        schema = json.load(file)
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # the schema is broken: say so rather than judge anything with it
        print(f"validate-schema: {sys.argv[1]} is not a valid JSON Schema 2020-12: {error}", file=sys.stderr)
        return 2
    with open(sys.argv[2], encoding="utf-8") as file:
        requests = json.load(file)
    verdicts = {}
    for request in requests:
        target = schema
        if "definition" in request:
            target = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + request["definition"]}
        errors = Draft202012Validator(target).iter_errors(request["instance"])
        verdicts[request["label"]] = sorted(
            "/".join(str(part) for part in error.absolute_path) + ": " + error.message for error in errors
        )
    json.dump(verdicts, sys.stdout, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
