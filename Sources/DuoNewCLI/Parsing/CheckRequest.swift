import DuoNewCore
import DuoNewKit

/// `duo-new check [folder] [--templates DIR] [--with NAME]... [--require-all] [--check-timeout SECONDS] [--pictures DIR] [--json]`.
struct CheckRequest: Equatable {
    var folder: String
    var common = CommonOptions()
    /// `--check-timeout SECONDS`: every check's limit, over the manifest's.
    var checkTimeout: Int?
    /// `--with NAME` (repeatable): opt-in checks to run too.
    var optInChecks: [String] = []
    /// `--require-all`: a check skipped for what this machine lacks fails the run.
    var requireAll = false
    /// `--pictures DIR`: the checks draw the layout of every pose into DIR (MODEL_TESTS_PICTURES).
    var picturesFolder: String?

    /// Which checks run, decided as after generation.
    var checkSelection: CheckSelection { CheckSelection(optIn: optInChecks, requireAll: requireAll) }
}
