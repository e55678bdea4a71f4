#!/bin/sh
# Timeouts come from duo-new's own variables, which are not values: $DUO_NEW_GIT_TIMEOUT.
echo "__APP_NAME__" > name.txt
if [ "$DUO_NEW_USE_DOCKER" = true ]; then echo "$DUO_NEW_APPNAME" > docker.txt; fi
