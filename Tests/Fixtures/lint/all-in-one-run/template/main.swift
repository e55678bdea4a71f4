let name = "__APP_NAME__"
let team = "__TEAM_ID__"
