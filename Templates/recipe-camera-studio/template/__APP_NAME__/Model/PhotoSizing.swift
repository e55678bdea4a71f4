import Foundation

/// Which photo size the studio asks the camera for.
///
/// A camera lists the photo sizes its current format can deliver, and the photo output must be
/// given one of exactly those (anything else raises an exception); left alone, photo settings
/// default to the smallest. The studio pins the largest, so a photo uses the whole sensor.
nonisolated enum PhotoSizing: Sendable {
    /// The largest size by pixel count (the wider on a tie), or nil when the camera lists none.
    static func choose(from sizes: [Capture.PixelSize]) -> Capture.PixelSize? {
        sizes.filter { $0.width > 0 && $0.height > 0 }.max { a, b in
            let areaA: Int = a.width * a.height
            let areaB: Int = b.width * b.height
            return areaA == areaB ? a.width < b.width : areaA < areaB
        }
    }
}
