#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// A button drawn as a symbol, with a title for VoiceOver and a hit region of at least
/// 44 × 44 pt, however small the symbol.
///
/// Every icon in the player and the mini player is one of these, so no control is too small
/// to hit in any pose and every one reads its title to VoiceOver (the symbol alone says nothing).
struct IconButton: View {
    /// Apple's minimum for a touch target, in points.
    static let minimumSize: CGFloat = 44

    let title: String
    let systemImage: String
    var size: CGFloat = IconButton.minimumSize
    var symbolScale: Font = .title2
    let action: @MainActor () -> Void

    var body: some View {
        Button(action: action) {
            Image(systemName: systemImage)
                .font(symbolScale)
                .frame(width: max(size, Self.minimumSize), height: max(size, Self.minimumSize))
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityLabel(title)
    }
}
#endif
