import DuoNewCore

/// `duo-new update [folder] [--templates DIR] [--set KEY=VALUE]... [--dry-run] [--json]`.
struct UpdateRequest: Equatable {
    var folder: String
    var common = CommonOptions()
    var dryRun = false
    var settings: [GenerateRequest.Setting] = []
}
