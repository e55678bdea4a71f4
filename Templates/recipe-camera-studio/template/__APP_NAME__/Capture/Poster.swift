#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import UIKit

/// A movie's poster frame for the gallery, turned upright.
///
/// A movie filmed with the phone held upright is stored sideways with a transform that says
/// how to turn it; `appliesPreferredTrackTransform` applies it, so the poster is never on its side.
enum Poster {
    /// The first frame of the movie at `url`, no larger than `maximumSize` (in pixels), or nil
    /// if the file cannot be read.
    static func image(forMovieAt url: URL, maximumSize: CGSize) async -> UIImage? {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: url))
        generator.appliesPreferredTrackTransform = true
        generator.maximumSize = maximumSize
        do {
            let (image, _) = try await generator.image(at: .zero)
            return UIImage(cgImage: image)
        } catch {
            return nil
        }
    }
}
#endif
