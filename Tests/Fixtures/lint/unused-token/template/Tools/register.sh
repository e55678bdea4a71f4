#!/bin/sh
# $DUO_NEW_TEAM_IDS is not the team id, so TEAM_ID stays unused.
echo "registering in $1 with ${DUO_NEW_ENDPOINT}" "$DUO_NEW_TEAM_IDS"
