import Foundation

/// An opaque picture: three bytes a pixel, rows top to bottom, no padding.
nonisolated struct RGBImage: Equatable, Sendable {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 3, "an RGB image needs three bytes a pixel")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    func pixel(x: Int, y: Int) -> RGBPixel {
        let index: Int = (y * width + x) * 3
        return RGBPixel(bytes[index], bytes[index + 1], bytes[index + 2])
    }
}
