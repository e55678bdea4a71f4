// __APP_NAME__App: the entry point of __APP_NAME__.
struct __APP_NAME__App {
    static let bundleID = "__BUNDLE_ID__"
    static let team = "__TEAM_ID__"
    static let greeting = "__GREETING__, __APP_NAME__!"
    // Underscores that are not tokens stay: __init__, _private, __lowercase__, ____.
}
