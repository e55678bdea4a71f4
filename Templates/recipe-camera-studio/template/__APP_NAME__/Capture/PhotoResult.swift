import Foundation

/// A photo the backend wrote.
nonisolated struct PhotoResult: Sendable, Equatable {
    let pixelWidth: Int
    let pixelHeight: Int
}
