#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// A show's artwork, drawn rather than loaded: a gradient in the show's hue, its symbol, and
/// the episode number when there is one.
///
/// Drawing needs no image files and looks the same at every size. When your catalogue has
/// image addresses, swap this for `AsyncImage` and keep the drawing as its placeholder.
struct Artwork: View {
    let show: Show
    var episodeNumber: Int? = nil
    var cornerRadius: CGFloat = 12

    var body: some View {
        let hue: Double = show.hue
        RoundedRectangle(cornerRadius: cornerRadius)
            .fill(LinearGradient(
                colors: [Color(hue: hue, saturation: 0.55, brightness: 0.95), Color(hue: hue, saturation: 0.8, brightness: 0.45)],
                startPoint: .topLeading, endPoint: .bottomTrailing
            ))
            .overlay {
                Image(systemName: show.symbol)
                    .resizable()
                    .scaledToFit()
                    .foregroundStyle(.white.opacity(0.9))
                    .padding(cornerRadius * 1.6)
            }
            .overlay(alignment: .bottomTrailing) {
                if let episodeNumber {
                    Text("\(episodeNumber)")
                        .font(.caption.bold().monospacedDigit())
                        .foregroundStyle(.white)
                        .padding(6)
                }
            }
            .aspectRatio(1, contentMode: .fit)
            .accessibilityHidden(true)
    }
}
#endif
