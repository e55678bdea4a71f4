#!/bin/sh
# Offered by the example-shared layer; a recipe runs it with `checks: [{name: layout, layer: example-shared}]`.
# Checks that the project has what the layer and every recipe on it promise.
cd "$(dirname "$0")/.." || exit 1
passed=0
failed=0
check() {
    if eval "$2"; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1"; fi
}
check "the layer's editor settings are there" '[ -f .editorconfig ]'
check "the program's folder carries the app's name" '[ -f "__APP_NAME__/main.swift" ]'
check "the README names the app" 'grep -q "^# __APP_NAME__$" README.md'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
