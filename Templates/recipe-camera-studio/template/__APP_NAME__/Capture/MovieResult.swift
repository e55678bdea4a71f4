import Foundation

/// A movie the backend wrote: the gallery records these figures, and they match the file.
nonisolated struct MovieResult: Sendable, Equatable {
    let pixelWidth: Int
    let pixelHeight: Int
    let frameCount: Int
    let duration: TimeInterval
}
