#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The stand-in camera's live picture: `StandInFrame` drawn 30 times a second, letterboxed to
/// 4:3 on black the way `.resizeAspect` shows a real camera.
///
/// The simulator has no camera; this is what the photographer (and, mirrored, the subject)
/// sees there. The frame number comes from the clock, so the dot moves and the corner tag
/// counts even when nothing else changes.
struct StandInPreview: View {
    /// The subject's view is a mirror: the bars run the other way and the tag swaps corners.
    var mirrored = false

    var body: some View {
        TimelineView(.animation(minimumInterval: 1.0 / Double(StandInFrame.previewFramesPerSecond))) { timeline in
            let paints = Self.paints(for: StandInFrame(
                frameNumber: Int(timeline.date.timeIntervalSinceReferenceDate * Double(StandInFrame.previewFramesPerSecond)),
                width: AppFacts.photoWidth, height: AppFacts.photoHeight, mirrored: mirrored
            ))
            Canvas { context, size in
                let card = Self.letterboxed(in: size)
                for paint in paints {
                    let rect = Self.place(paint.rect, in: card)
                    context.fill(paint.isRound ? Path(ellipseIn: rect) : Path(rect), with: .color(paint.color))
                }
            }
        }
        .background(.black)
        .accessibilityElement()
        .accessibilityLabel(CameraAccess.standInMessage)
    }

    /// One filled shape of the card, in unit coordinates. The colours are made here, before
    /// drawing, so the canvas only does geometry.
    private struct Paint: Sendable {
        let rect: CGRect
        let isRound: Bool
        let color: Color
    }

    /// The bars, the dot, the tag and its set cells, back to front.
    private static func paints(for frame: StandInFrame) -> [Paint] {
        var paints = frame.bars.map { Paint(rect: $0.rect, isRound: false, color: color($0.colour)) }
        paints.append(Paint(rect: frame.dotRect, isRound: true, color: color(StandInFrame.dotColour)))
        paints.append(Paint(rect: frame.tagRect, isRound: false, color: color(StandInFrame.tagColour)))
        for cell in frame.tagCells where cell.isSet {
            paints.append(Paint(rect: cell.rect, isRound: false, color: color(StandInFrame.tagBitColour)))
        }
        return paints
    }

    /// The largest 4:3 rectangle centred in `size`.
    nonisolated private static func letterboxed(in size: CGSize) -> CGRect {
        let ratio = AppFacts.previewAspectRatio
        var width = size.width
        var height = width / ratio
        if height > size.height {
            height = size.height
            width = height * ratio
        }
        return CGRect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    /// A unit rectangle (0...1 across and down) placed in `card`.
    nonisolated private static func place(_ unit: CGRect, in card: CGRect) -> CGRect {
        CGRect(x: card.minX + unit.minX * card.width, y: card.minY + unit.minY * card.height,
               width: unit.width * card.width, height: unit.height * card.height)
    }

    private static func color(_ pixel: RGBPixel) -> Color {
        Color(red: Double(pixel.r) / 255, green: Double(pixel.g) / 255, blue: Double(pixel.b) / 255)
    }
}
#endif
