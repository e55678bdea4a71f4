import Foundation
import Testing
@testable import __APP_NAME__

/// The rules on the model's source text (in the duo-app layer's ModelSourceChecks.swift).
/// A clock conforms to StudioClock, a Sendable protocol, so it may leave out the word.
@Test("Model sources")
func modelSources() {
    checkModelSources { $0.contains(": StudioClock") }
}

/// With `MODEL_TESTS_PICTURES=<folder>` (relative to the project's folder), draws the layout of
/// every pose as SVG into that folder; without it, checks that the pictures can be drawn.
@Test("Layout pictures written when asked")
func layoutPicturesWritten() throws {
    let files: [(name: String, sheet: LayoutSheet)] = pictureFiles()
    #expect(files.count == StudioPose.measured.count + 1, "the sheet and one picture per pose")
    try writePicturesIfAsked(files)
}

/// With `MODEL_TESTS_SAMPLES=<folder>`, leaves a stand-in photo and movie there (SampleWriter.swift).
@Test("Stand-in samples written when asked", .timeLimit(.minutes(3)))
func standInSamplesWritten() async throws {
    guard let samples = ProcessInfo.processInfo.environment["MODEL_TESTS_SAMPLES"], !samples.isEmpty else { return }
    let written: Bool = await writeSamples(to: URL(fileURLWithPath: samples, isDirectory: true))
    #expect(written, "the samples could not be written to \(samples)")
}
