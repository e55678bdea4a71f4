#!/bin/sh
# Run by duo-new in the new project after generation: did stamping do its job?
cd "$(dirname "$0")/.." || exit 1
passed=0
failed=0
check() {
    if eval "$2"; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1"; fi
}
check "the program's folder carries the app's name" '[ -f "__APP_NAME__/main.swift" ]'
check "the README records the bundle id" 'grep -q "Bundle id: \`__BUNDLE_ID__\`" README.md'
check "the greeting is stamped" 'grep -q "__GREETING__ from" "__APP_NAME__/main.swift"'
check "the picture was copied" '[ -s Resources/dot.png ]'
check "the notes for authors were left out" '[ ! -e Notes ]'
check "only the chosen style's file is there" 'if [ "__STYLE__" = boxed ]; then chosen=Boxed; else chosen=Plain; fi; [ -f "__APP_NAME__/$chosen.swift" ] && [ "$(ls "__APP_NAME__" | wc -l)" -eq 2 ]'
check "the scripts are there when asked for" 'if [ "__SCRIPTS__" = true ]; then [ -x Scripts/run.sh ]; else [ ! -e Scripts ]; fi'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
