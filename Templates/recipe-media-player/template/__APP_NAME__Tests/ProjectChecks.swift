import Foundation
import Testing
@testable import __APP_NAME__

/// The rules on the model's source text (in the duo-app layer's ModelSourceChecks.swift).
/// PlaybackEngine wraps a player that lives on one actor, so it is not Sendable on purpose;
/// PlayerDefaults conforms to ResumeStore, a Sendable protocol.
@Test("Model sources")
func modelSources() {
    checkModelSources { line in
        line.hasPrefix("nonisolated protocol PlaybackEngine: AnyObject") || line.contains(": ResumeStore")
    }
}

/// With `MODEL_TESTS_PICTURES=<folder>` (relative to the project's folder), draws the layout of
/// every pose as SVG into that folder; without it, checks that the pictures can be drawn.
@Test("Layout pictures written when asked")
func layoutPicturesWritten() throws {
    let files: [(name: String, sheet: LayoutSheet)] = pictureFiles()
    #expect(files.count == PlayerPose.measured.count + 2, "the two sheets and one picture per pose")
    try writePicturesIfAsked(files)
}
