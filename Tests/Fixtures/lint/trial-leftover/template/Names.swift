// Every token here is declared; only stamping makes a new one.
let target = "__APP_NAME__"
let tag = "V__SEPARATOR__BETA__"
