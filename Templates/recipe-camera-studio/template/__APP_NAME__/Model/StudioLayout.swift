import Foundation

/// Where the preview and the controls go, from the screen's size and the fold's frame alone.
///
/// One layout serves every pose, so the preview's view keeps its identity through every fold
/// and unfold. It never asks which device or posture it is on, and never splits at half the
/// width: the fold's frame says where the division is.
///
/// - Flat (closed, or open with an inactive fold): the preview keeps the whole screen and the
///   controls float in a bar along the bottom (taller than wide) or a column along the trailing
///   edge (wider than tall), moved off the fold if the fold would cross them.
/// - Folded (an active fold): the screen splits at the fold. Book: preview on the left page,
///   controls in a column on the right. Tabletop: preview above the fold, controls below it,
///   so the person watches the top half and taps the bottom half.
/// - Folded, with the fold near the window's edge (the studio beside another app, in Split View
///   or a window of its own): a page too thin for the preview or the controls is left empty, and
///   the studio is laid out flat on the other page, where no fold crosses it.
nonisolated struct StudioLayout: Sendable, Equatable {
    /// How the two regions are arranged.
    nonisolated enum Arrangement: String, Sendable, Equatable {
        case floatingBottom
        case floatingTrailing
        case foldLeftRight
        case foldTopBottom
    }

    /// The direction the controls run in their region.
    nonisolated enum Axis: Sendable, Equatable {
        case horizontal
        case vertical
    }

    /// The floating bar's thickness (measured: 132 pt in every flat pose).
    static let controlsThickness: CGFloat = 132
    static let shutterDiameter: CGFloat = 76
    static let controlSize: CGFloat = 52
    /// Apple's minimum tappable size; no control is ever smaller.
    static let minimumControlSize: CGFloat = 44
    /// The thinnest page an active fold may leave on either side and still split the studio
    /// there: the floating bar's thickness. A thinner controls page could not hold the 76 pt
    /// shutter (its controls would spill onto the fold), and a thinner preview page could not
    /// hold the preview's buttons.
    static let minimumPage: CGFloat = StudioLayout.controlsThickness

    let size: CGSize
    let fold: FoldFrame?
    let arrangement: Arrangement
    let preview: CGRect
    let controls: CGRect

    init(size: CGSize, fold: FoldFrame?, controlsThickness: CGFloat = StudioLayout.controlsThickness) {
        self.size = size
        self.fold = fold
        var bounds: CGRect = CGRect(origin: .zero, size: size)
        if let fold, fold.isActive, StudioLayout.divides(bounds, at: fold) {
            if StudioLayout.leavesRoom(bounds, at: fold) {
                if fold.isVertical {
                    arrangement = .foldLeftRight
                    preview = CGRect(x: 0, y: 0, width: fold.frame.minX, height: size.height)
                    controls = CGRect(x: fold.frame.maxX, y: 0, width: size.width - fold.frame.maxX, height: size.height)
                } else {
                    arrangement = .foldTopBottom
                    preview = CGRect(x: 0, y: 0, width: size.width, height: fold.frame.minY)
                    controls = CGRect(x: 0, y: fold.frame.maxY, width: size.width, height: size.height - fold.frame.maxY)
                }
                return
            }
            // A page too thin for its part is left empty; the other page holds the whole studio,
            // laid out flat, with no fold crossing it.
            bounds = StudioLayout.largerSide(of: bounds, split: fold)
        }
        preview = bounds
        let column: CGRect = StudioLayout.trailingColumn(in: bounds, thickness: controlsThickness, avoiding: fold)
        let bar: CGRect = StudioLayout.bottomBar(in: bounds, thickness: controlsThickness, avoiding: fold)
        // A column when wider than tall, a bar otherwise; but if the fold leaves that one too
        // short for every control at 44 pt while the other is longer, the other, so no control
        // is pushed onto the fold or out of the window.
        let wide: Bool = bounds.width > bounds.height
        let preferred: CGFloat = wide ? column.height : bar.width
        let other: CGFloat = wide ? bar.width : column.height
        let usesColumn: Bool = preferred >= StudioLayout.shortestRun || preferred >= other ? wide : !wide
        arrangement = usesColumn ? .floatingTrailing : .floatingBottom
        controls = usesColumn ? column : bar
    }

    /// The shortest bar or column that holds every control: the shutter and the rest at 44 pt.
    static let shortestRun: CGFloat = StudioControl.ordered.reduce(CGFloat(0)) { length, control in
        length + (control == .shutter ? shutterDiameter : minimumControlSize)
    }

    /// A row along the bottom or the fold's bottom region; a column otherwise.
    var controlsAxis: Axis {
        switch arrangement {
        case .floatingBottom, .foldTopBottom: .horizontal
        case .floatingTrailing, .foldLeftRight: .vertical
        }
    }

    /// Flat poses keep the preview on the whole screen, with the controls floating over it.
    var previewFillsScreen: Bool {
        arrangement == .floatingBottom || arrangement == .floatingTrailing
    }

    /// Each control's frame, spread evenly along the controls' region and centred across it.
    ///
    /// If the region is too short for the natural sizes, every control but the shutter shrinks,
    /// never below `minimumControlSize`.
    func controlFrames(_ list: [StudioControl]) -> [StudioControl: CGRect] {
        let horizontal: Bool = controlsAxis == .horizontal
        let length: CGFloat = horizontal ? controls.width : controls.height
        let across: CGFloat = horizontal ? controls.height : controls.width
        let others: Int = list.filter { $0 != .shutter }.count
        let shutters: Int = list.count - others
        let natural: CGFloat = list.reduce(CGFloat(0)) { $0 + $1.side }
        var otherSide: CGFloat = StudioLayout.controlSize
        if natural > length, others > 0 {
            let room: CGFloat = (length - CGFloat(shutters) * StudioLayout.shutterDiameter) / CGFloat(others)
            otherSide = max(StudioLayout.minimumControlSize, min(StudioLayout.controlSize, room))
        }
        var sides: [CGFloat] = []
        for control in list {
            sides.append(control == .shutter ? StudioLayout.shutterDiameter : otherSide)
        }
        let used: CGFloat = sides.reduce(CGFloat(0), +)
        let gap: CGFloat = max(0, (length - used) / CGFloat(list.count + 1))
        var frames: [StudioControl: CGRect] = [:]
        var position: CGFloat = gap
        for (index, control) in list.enumerated() {
            let side: CGFloat = sides[index]
            let offset: CGFloat = (across - side) / 2
            if horizontal {
                frames[control] = CGRect(x: controls.minX + position, y: controls.minY + offset, width: side, height: side)
            } else {
                frames[control] = CGRect(x: controls.minX + offset, y: controls.minY + position, width: side, height: side)
            }
            position += side + gap
        }
        return frames
    }

    // MARK: - The preview's own words and buttons

    /// A preview button's size: wide enough for "Open Settings" at the headline font, and a
    /// hit region above Apple's 44 pt.
    static let previewButtonSize: CGSize = CGSize(width: 200, height: 52)
    /// The gap between a preview button and the edge of `previewContent`.
    static let previewButtonMargin: CGFloat = 24

    /// The part of the preview where its words and buttons go: the preview without the floating
    /// controls, and, when the fold crosses what is left (open and flat), the larger side of
    /// it. The countdown, the notice and their buttons are centred here, so nothing the
    /// photographer reads or taps straddles the fold.
    var previewContent: CGRect {
        var area: CGRect = preview
        switch arrangement {
        case .floatingTrailing:
            area.size.width = max(0, controls.minX - area.minX)
        case .floatingBottom:
            area.size.height = max(0, controls.minY - area.minY)
        case .foldLeftRight, .foldTopBottom:
            break
        }
        guard let fold, fold.crosses(area) else { return area }
        return StudioLayout.largerSide(of: area, split: fold)
    }

    /// Where a preview button goes: centred across `previewContent`, near its far edge, where
    /// it clears the countdown's number and the notice's words. Both buttons share the place,
    /// since no phase shows both (`PreviewButton.shows(in:held:)`).
    func buttonFrame(_ button: PreviewButton) -> CGRect {
        let area: CGRect = previewContent
        let size: CGSize = StudioLayout.previewButtonSize
        let width: CGFloat = min(size.width, max(StudioLayout.minimumControlSize, area.width - 2 * StudioLayout.previewButtonMargin))
        let y: CGFloat = max(area.minY, area.maxY - StudioLayout.previewButtonMargin - size.height)
        return CGRect(x: area.midX - width / 2, y: y, width: width, height: size.height)
    }

    // MARK: - Rules

    /// Whether both pages beside a fold are at least `minimumPage` across.
    private static func leavesRoom(_ bounds: CGRect, at fold: FoldFrame) -> Bool {
        if fold.isVertical {
            return fold.frame.minX - bounds.minX >= minimumPage && bounds.maxX - fold.frame.maxX >= minimumPage
        }
        return fold.frame.minY - bounds.minY >= minimumPage && bounds.maxY - fold.frame.maxY >= minimumPage
    }

    /// An active fold splits the screen only if it lies inside it.
    private static func divides(_ bounds: CGRect, at fold: FoldFrame) -> Bool {
        if fold.isVertical {
            return fold.frame.minX > bounds.minX && fold.frame.maxX < bounds.maxX
        }
        return fold.frame.minY > bounds.minY && fold.frame.maxY < bounds.maxY
    }

    /// The trailing column, moved off the fold if the fold crosses it.
    private static func trailingColumn(in bounds: CGRect, thickness: CGFloat, avoiding fold: FoldFrame?) -> CGRect {
        let column: CGRect = CGRect(x: bounds.maxX - thickness, y: bounds.minY, width: thickness, height: bounds.height)
        guard let fold, fold.crosses(column) else { return column }
        if !fold.isVertical {
            return largerSide(of: column, split: fold)
        }
        let beyond: CGFloat = bounds.maxX - fold.frame.maxX
        if beyond >= shutterDiameter {
            return CGRect(x: fold.frame.maxX, y: bounds.minY, width: beyond, height: bounds.height)
        }
        let start: CGFloat = max(bounds.minX, fold.frame.minX - thickness)
        return CGRect(x: start, y: bounds.minY, width: fold.frame.minX - start, height: bounds.height)
    }

    /// The bottom bar, moved off the fold the same way as the trailing column.
    private static func bottomBar(in bounds: CGRect, thickness: CGFloat, avoiding fold: FoldFrame?) -> CGRect {
        let bar: CGRect = CGRect(x: bounds.minX, y: bounds.maxY - thickness, width: bounds.width, height: thickness)
        guard let fold, fold.crosses(bar) else { return bar }
        if fold.isVertical {
            return largerSide(of: bar, split: fold)
        }
        let beyond: CGFloat = bounds.maxY - fold.frame.maxY
        if beyond >= shutterDiameter {
            return CGRect(x: bounds.minX, y: fold.frame.maxY, width: bounds.width, height: beyond)
        }
        let start: CGFloat = max(bounds.minY, fold.frame.minY - thickness)
        return CGRect(x: bounds.minX, y: start, width: bounds.width, height: fold.frame.minY - start)
    }

    /// The longer of the two pieces a fold running across `strip` cuts it into.
    private static func largerSide(of strip: CGRect, split fold: FoldFrame) -> CGRect {
        if fold.isVertical {
            let before: CGFloat = fold.frame.minX - strip.minX
            let after: CGFloat = strip.maxX - fold.frame.maxX
            if before >= after {
                return CGRect(x: strip.minX, y: strip.minY, width: before, height: strip.height)
            }
            return CGRect(x: fold.frame.maxX, y: strip.minY, width: after, height: strip.height)
        }
        let before: CGFloat = fold.frame.minY - strip.minY
        let after: CGFloat = strip.maxY - fold.frame.maxY
        if before >= after {
            return CGRect(x: strip.minX, y: strip.minY, width: strip.width, height: before)
        }
        return CGRect(x: strip.minX, y: fold.frame.maxY, width: strip.width, height: after)
    }
}
