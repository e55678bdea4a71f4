import Foundation

/// What a camera can film at most.
nonisolated struct VideoCapability: Hashable, Sendable {
    /// Lines of video: 1080 for 1080p, 2160 for 4K.
    let maxHeight: Int
    let maxFramesPerSecond: Int
    let supportsDepth: Bool

    /// Whether this camera can do everything `other` can.
    func covers(_ other: VideoCapability) -> Bool {
        maxHeight >= other.maxHeight && maxFramesPerSecond >= other.maxFramesPerSecond
            && (supportsDepth || !other.supportsDepth)
    }
}
