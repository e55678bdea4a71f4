#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// The fold's frames and the size of the view they were read on, both in that view's own
/// coordinates: what `FoldRegions` and `PlayerRegions` need to place things in that view.
struct FoldSpace {
    var folds: [FoldFrame] = []
    var size: CGSize = .zero

    var bounds: CGRect {
        CGRect(origin: .zero, size: size)
    }

    /// The fold that divides this view, or nil (closed, an iPad, or a fold elsewhere).
    var fold: FoldGeometry? {
        FoldGeometry(candidates: folds, in: bounds)
    }
}

extension View {
    /// Keeps `space` up to date with this view's fold (through `onFoldChange`) and size.
    func readFoldSpace(_ space: Binding<FoldSpace>) -> some View {
        onFoldChange { fold in
            space.wrappedValue.folds = fold.map { [$0] } ?? []
        }
        .onGeometryChange(for: CGSize.self) { proxy in
            proxy.size
        } action: { size in
            space.wrappedValue.size = size
        }
    }
}
#endif
