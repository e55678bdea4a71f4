// __APP_NAME__ by __AUTHOR__
let team = "__TEAM_ID__" // __APP_NAME____SUFFIX__
