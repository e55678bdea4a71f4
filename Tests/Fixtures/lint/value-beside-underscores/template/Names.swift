// Every token here is declared: a value stamped beside the template's underscores, even two
// underscores, never makes a new one, so the tag below is written with the value as it is.
let target = "__APP_NAME__"
let tag = "V__SEPARATOR__BETA__"
