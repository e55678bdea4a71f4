struct __APP_NAME__App {}
let id = "__BUNDLE_ID__"
