import Foundation

/// Declared by the template, so an AppName of `Greeter` would break name lookup.
struct Greeter {
    let name = "__APP_NAME__"
}
