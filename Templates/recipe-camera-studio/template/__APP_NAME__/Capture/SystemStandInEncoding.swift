#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit) && canImport(ImageIO)
import AVFoundation
import ImageIO

/// The stand-in camera's files on Apple platforms, written by the system's own encoders: the
/// photo as a JPEG by ImageIO, the movie as H.264 by `AVAssetWriter` (`StandInRecorder`).
///
/// So the app carries no codec of its own. The model tests bring portable encoders instead,
/// which is how the photo and the movie are checked on Linux, where neither framework exists.
nonisolated struct SystemStandInEncoding: StandInEncoding {
    nonisolated enum Failure: Error, Equatable {
        case couldNotMakeImage
        case couldNotEncode
    }

    /// The type identifier ImageIO writes (`UTType.jpeg`), bridged to a `CFString` where it is
    /// used: a Core Foundation string is not `Sendable`, so it is not kept in a static.
    private static let jpegType = "public.jpeg"

    func photoData(for image: RGBImage) throws -> Data {
        // Three bytes a pixel, rows top to bottom and no padding: RGBImage's own layout, so
        // Core Graphics reads the bytes as they are.
        guard let provider = CGDataProvider(data: Data(image.bytes) as CFData),
              let space = CGColorSpace(name: CGColorSpace.sRGB),
              let picture = CGImage(
                  width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 24,
                  bytesPerRow: image.width * 3, space: space,
                  bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue), provider: provider,
                  decode: nil, shouldInterpolate: false, intent: .defaultIntent
              ) else {
            throw Failure.couldNotMakeImage
        }
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, Self.jpegType as CFString, 1, nil) else {
            throw Failure.couldNotEncode
        }
        let quality = Double(AppFacts.jpegQuality) / 100
        CGImageDestinationAddImage(destination, picture, [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
        guard CGImageDestinationFinalize(destination) else { throw Failure.couldNotEncode }
        return output as Data
    }

    func movieWriter(url: URL, width: Int, height: Int, framesPerSecond: Int) throws -> any StandInMovieWriter {
        try StandInRecorder(url: url, width: width, height: height, framesPerSecond: framesPerSecond)
    }
}
#endif
