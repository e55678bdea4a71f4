/// Options every command accepts.
struct CommonOptions: Equatable {
    var templates: String?
    var json = false
    var quiet = false
}
