#!/bin/sh
echo "building __APP_NAME__"
xcodebuild -scheme "${DUO_NEW_APP_NAME}" build
