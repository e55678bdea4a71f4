// Settings for __APP_NAME__.
let name = "__APP_NAME__"
let team = "__TEAM_ID__"
let fine = "__not_a_token__"
let secret = "__SECRET__"
