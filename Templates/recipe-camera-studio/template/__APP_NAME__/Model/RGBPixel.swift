import Foundation

/// One 8-bit colour with no alpha: the stand-in draws opaque pictures only.
nonisolated struct RGBPixel: Hashable, Sendable {
    let r: UInt8
    let g: UInt8
    let b: UInt8

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    static let black: RGBPixel = RGBPixel(0, 0, 0)
    static let white: RGBPixel = RGBPixel(255, 255, 255)
}
