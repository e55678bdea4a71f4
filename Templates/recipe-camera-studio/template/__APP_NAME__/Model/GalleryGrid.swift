import Foundation

/// The gallery's columns across its width, with no thumbnail on the fold.
///
/// Every thumbnail is a button. An adaptive grid spread over the open phone puts a column across
/// the fold, flat or folded like a book: a thumbnail there is half on each page, and the fold is
/// the one place nothing interactive may sit. So where a fold runs top to bottom through the
/// gallery, each side gets columns of its own, sized to end at the fold's edge, and the fold
/// itself becomes an empty column. A side too narrow for one thumbnail joins the empty column.
/// (A fold across the gallery, in tabletop, is crossed by whatever scrolls through it; that one
/// no column can avoid.)
nonisolated struct GalleryGrid: Sendable, Equatable {
    /// One column: thumbnails of a width, or the empty column over the fold.
    nonisolated struct Column: Sendable, Equatable {
        let width: CGFloat
        /// The space after this column, before the next one.
        let spacingAfter: CGFloat
        let isFold: Bool
    }

    /// One cell of the grid, row by row: an item (a capture) or the fold's gap in a row.
    nonisolated enum Cell<Item: Hashable & Sendable>: Hashable, Sendable {
        case item(Item)
        case fold(row: Int)
    }

    /// A thumbnail is at least this wide, as the gallery's adaptive grid had it.
    static let minimumSide: CGFloat = 110
    /// The gap between thumbnails.
    static let spacing: CGFloat = 2

    let columns: [Column]

    init(width: CGFloat, fold: FoldFrame?) {
        let width: CGFloat = max(0, width)
        guard let fold, fold.isVertical, fold.frame.minX < width, fold.frame.maxX > 0 else {
            // No fold through the gallery: one column at least, however narrow, once measured.
            let even: [Column] = GalleryGrid.evenColumns(across: width)
            columns = even.isEmpty && width > 0 ? [Column(width: width, spacingAfter: 0, isFold: false)] : even
            return
        }
        let start: CGFloat = max(0, fold.frame.minX)
        let end: CGFloat = min(width, fold.frame.maxX)
        var left: [Column] = GalleryGrid.evenColumns(across: start)
        var right: [Column] = GalleryGrid.evenColumns(across: width - end)
        if left.isEmpty, right.isEmpty {
            // Too narrow for a thumbnail on either side: one, narrower, on the larger side.
            if start >= width - end {
                left = [Column(width: start, spacingAfter: 0, isFold: false)]
            } else {
                right = [Column(width: width - end, spacingAfter: 0, isFold: false)]
            }
        }
        // A side with no room for a thumbnail becomes part of the gap.
        let gapStart: CGFloat = left.isEmpty ? 0 : start
        let gapEnd: CGFloat = right.isEmpty ? width : end
        var all: [Column] = left
        if gapEnd > gapStart {
            all.append(Column(width: gapEnd - gapStart, spacingAfter: 0, isFold: true))
        }
        all += right
        columns = all
    }

    /// The columns' left and right edges, from the grid's leading edge.
    var columnSpans: [(minX: CGFloat, maxX: CGFloat, isFold: Bool)] {
        var x: CGFloat = 0
        var spans: [(minX: CGFloat, maxX: CGFloat, isFold: Bool)] = []
        for column in columns {
            spans.append((minX: x, maxX: x + column.width, isFold: column.isFold))
            x += column.width + column.spacingAfter
        }
        return spans
    }

    /// The cells for `items`, row by row: the items fill the thumbnail columns in order, and
    /// each row that goes on past the fold has the fold's empty cell where the fold is.
    func cells<Item: Hashable & Sendable>(for items: [Item]) -> [Cell<Item>] {
        guard columns.contains(where: { !$0.isFold }) else { return [] }
        var cells: [Cell<Item>] = []
        var next: Int = 0
        var row: Int = 0
        while next < items.count {
            for column in columns {
                guard next < items.count else { break }
                if column.isFold {
                    cells.append(.fold(row: row))
                } else {
                    cells.append(.item(items[next]))
                    next += 1
                }
            }
            row += 1
        }
        return cells
    }

    /// As many thumbnails of at least `minimumSide` as fit across `width`, sized to fill it
    /// exactly, `spacing` apart, the last with no space after it; none if not even one fits.
    private static func evenColumns(across width: CGFloat) -> [Column] {
        let count: Int = Int(((width + spacing) / (minimumSide + spacing)).rounded(.down))
        guard count > 0 else { return [] }
        let side: CGFloat = (width - CGFloat(count - 1) * spacing) / CGFloat(count)
        return (0..<count).map { index in
            Column(width: side, spacingAfter: index == count - 1 ? 0 : spacing, isFold: false)
        }
    }
}
