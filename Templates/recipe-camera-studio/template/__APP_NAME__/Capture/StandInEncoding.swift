import Foundation

/// How the stand-in camera turns its test card into files: a photo's bytes and a movie writer.
///
/// The app carries no codec of its own. On Apple platforms `SystemStandInEncoding` hands the
/// work to the system's encoders (ImageIO for the JPEG, `AVAssetWriter` for the movie); the
/// model tests, which also run on Linux, bring portable encoders of their own, so the photo and
/// the movie the studio writes can be decoded and checked there too.
nonisolated protocol StandInEncoding: Sendable {
    /// The photo file for `image`: a JPEG, three components, no alpha.
    func photoData(for image: RGBImage) throws -> Data
    /// A writer for a movie of `width` × `height` pixels at `framesPerSecond`, to `url`.
    func movieWriter(url: URL, width: Int, height: Int, framesPerSecond: Int) throws -> any StandInMovieWriter
}
