import DuoNewCore
import Testing

/// The next steps generation ends with, as values: stamped, the folder quoted as typed.
@Suite("Next steps in-process")
struct NextStepsTests {
    private func manifest(nextSteps: String) -> Manifest {
        Manifest(name: "fix", summary: "s", version: "1.0.0", placeholders: [], nextSteps: nextSteps)
    }

    @Test func theNextStepsAreStampedWithTheValuesAndTheFolderQuotedForTheShell() {
        let lines = manifest(nextSteps: "\n\n  cd __DESTINATION__\n\n  open __APP_NAME__.xcodeproj\n\n").nextStepsLines(values: ["APP_NAME": "Sitter"], folder: "My App")
        #expect(lines == ["cd 'My App'", "", "  open Sitter.xcodeproj"], "the blank lines around them are left out, the ones between kept")
    }

    /// Generated into the working folder (a fresh clone, `duo-new … .`): `cd .` says nothing,
    /// so it is left out; any other folder keeps its line.
    @Test(arguments: [(".", ["open Sitter.xcodeproj"]), ("./", ["open Sitter.xcodeproj"]), ("./Sitter", ["cd ./Sitter", "open Sitter.xcodeproj"])])
    func aCdToTheWorkingFolderIsLeftOut(folder: String, expected: [String]) {
        let lines = manifest(nextSteps: "cd __DESTINATION__\nopen __APP_NAME__.xcodeproj\n").nextStepsLines(values: ["APP_NAME": "Sitter"], folder: folder)
        #expect(lines == expected)
    }

    @Test func aRecipeWithoutNextStepsHasNoLines() {
        #expect(manifest(nextSteps: " \n\t\n").nextStepsLines(values: [:], folder: "p").isEmpty)
    }
}
