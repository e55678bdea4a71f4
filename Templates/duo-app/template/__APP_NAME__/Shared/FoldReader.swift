#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

extension View {
    /// Calls `action` with the fold's frame in this view's coordinate space whenever it
    /// changes, or with `nil` when no fold crosses the view (the closed phone, an iPad).
    ///
    /// Reads the `.division` reserved region with `.includeInactive`: open and flat, the fold is
    /// inactive but still there, and the controls must stay off it. The regions arrive a few
    /// layout passes after the view appears, so they are read through geometry changes, never
    /// once in `onAppear`. Before iOS 27.1 there is no fold to read.
    func onFoldChange(_ action: @escaping (FoldFrame?) -> Void) -> some View {
        modifier(FoldReader(action: action))
    }
}

/// The modifier behind `onFoldChange`, so the iOS 27.1 check wraps one call.
struct FoldReader: ViewModifier {
    let action: (FoldFrame?) -> Void

    func body(content: Content) -> some View {
        if #available(iOS 27.1, *) {
            content.onGeometryChange(for: FoldFrame?.self) { proxy in
                proxy.reservedRegions(kind: .division, options: .includeInactive)
                    .first
                    .map { FoldFrame(frame: $0.frame, isActive: $0.isActive) }
            } action: { fold in
                action(fold)
            }
        } else {
            content
        }
    }
}
#endif
