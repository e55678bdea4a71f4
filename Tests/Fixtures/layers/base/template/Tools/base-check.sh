#!/bin/sh
# Offered by the base layer; checks a file of each layer and one of the recipe.
set -eu
cd "$(dirname "$0")/.."
grep -q "base for __APP_NAME__" shared.txt
test -f Shared/extra.txt
test -f __APP_NAME__/main.swift
echo "1 passed, 0 failed"
