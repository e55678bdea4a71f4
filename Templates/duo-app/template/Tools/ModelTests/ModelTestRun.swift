import Foundation

/// One run of the model tests, started by `Tools/run-model-tests.sh` with the project's folder,
/// the app's folder inside it, then optionally `--verbose` and `--pictures DIR`: the folders,
/// the checker every group of checks reports to, and the end every recipe's `main.swift` shares.
struct ModelTestRun {
    let project: URL
    let appFolder: URL
    /// Everything after the two folders.
    let options: [String]
    let checker: Checker

    /// The run this program was started for; prints the usage and exits 64 when a folder is missing.
    static func fromCommandLine() -> ModelTestRun {
        let arguments: [String] = CommandLine.arguments
        guard arguments.count >= 3 else {
            print("usage: model-tests <project folder> <app folder> [--verbose] [--pictures DIR]")
            exit(64)
        }
        let options: [String] = Array(arguments.dropFirst(3))
        return ModelTestRun(
            project: URL(fileURLWithPath: arguments[1], isDirectory: true),
            appFolder: URL(fileURLWithPath: arguments[2], isDirectory: true),
            options: options,
            checker: Checker(verbose: options.contains("--verbose")))
    }

    /// Draws the layout of every pose as SVG when `--pictures DIR` (or MODEL_TESTS_PICTURES=DIR)
    /// asks for it, prints the summary and exits: 0 when every check passed, 1 when one failed.
    func finish(pictures: () -> [(name: String, sheet: LayoutSheet)]) -> Never {
        writePicturesIfAsked(pictures, options: options)
        exit(checker.finish() ? 0 : 1)
    }
}
