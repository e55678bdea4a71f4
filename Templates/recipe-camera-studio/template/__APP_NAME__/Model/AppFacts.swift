import Foundation

/// Fixed facts about the app that the model, the capture code and the tests share.
nonisolated enum AppFacts: Sendable {
    /// The stand-in's photo: 4:3, like the rear camera's default photo format.
    static let photoWidth: Int = 1200
    static let photoHeight: Int = 900
    /// The stand-in's movie: 640 × 480 at 15 frames a second keeps files small and encoding quick.
    static let movieWidth: Int = 640
    static let movieHeight: Int = 480
    static let movieFramesPerSecond: Int = 15
    static let jpegQuality: Int = 85
    /// The gallery's folder inside the app's Documents: photos and videos stay on the device
    /// until someone shares them.
    static let capturesFolderName: String = "Captures"
    /// A movie is written under its name plus this extension and renamed when complete, so the
    /// gallery never lists half a movie; one left by a crash is removed when the gallery opens.
    static let partialFileExtension: String = "partial"
    /// The preview's aspect ratio, letterboxed like `.resizeAspect`.
    static let previewAspectRatio: CGFloat = 4.0 / 3.0

    /// Where the gallery lives: `Documents/Captures`.
    static func capturesFolder(in documents: URL) -> URL {
        documents.appendingPathComponent(capturesFolderName, isDirectory: true)
    }
}
