import Foundation
@testable import __APP_NAME__

/// The stand-in camera's files as the model tests write them, on every platform: the photo by
/// the portable `JPEGEncoder`, the movie as Motion-JPEG in a QuickTime file.
///
/// The app itself hands this work to ImageIO and `AVAssetWriter` (`SystemStandInEncoding`),
/// which Linux lacks; these encoders exist so that the studio's photo and movie can be written,
/// decoded and checked (djpeg, ffprobe) wherever the model tests run.
nonisolated struct PortableStandInEncoding: StandInEncoding {
    func photoData(for image: RGBImage) throws -> Data {
        JPEGEncoder().encode(image)
    }

    func movieWriter(url: URL, width: Int, height: Int, framesPerSecond: Int) throws -> any StandInMovieWriter {
        try MotionJPEGMovieWriter(url: url, width: width, height: height, framesPerSecond: framesPerSecond)
    }
}
