import Foundation
import Testing
@testable import __APP_NAME__

/// Every button the studio places from its layout, the preview's own buttons included, in every
/// pose at the seed's measured sizes (`StudioPose`, whose numbers are written out, not read from
/// the layout) and in a window beside another app, where the fold lands near the window's edge:
/// off the fold (flat or folded), at least 44 pt, on the screen and clear of the controls.
@Test("Buttons off the fold", arguments: StudioPose.measured + StudioPose.besideAnotherApp)
func buttonPlacementChecks(pose: StudioPose) {
    let layout: StudioLayout = pose.layout
    let screen: CGRect = CGRect(origin: .zero, size: layout.size)
    let controls: [CGRect] = Array(layout.controlFrames(StudioControl.ordered).values)
    var problems: [String] = []
    for (control, frame) in layout.controlFrames(StudioControl.ordered) {
        if let fold = layout.fold, fold.crosses(frame) {
            problems.append("\(control) \(frame) on the fold \(fold.frame)")
        }
        if frame.minX < 0 || frame.minY < 0 || frame.maxX > screen.maxX || frame.maxY > screen.maxY {
            problems.append("\(control) \(frame) off the screen")
        }
    }
    for button in PreviewButton.allCases {
        let frame: CGRect = layout.buttonFrame(button)
        if let fold = layout.fold, frame.intersects(fold.frame) || fold.crosses(frame) {
            problems.append("\(button) \(frame) on the fold \(fold.frame)")
        }
        if frame.width < 44 || frame.height < 44 {
            problems.append("\(button) under 44 pt: \(frame.size)")
        }
        if !screen.contains(frame) {
            problems.append("\(button) off the screen")
        }
        if !layout.preview.contains(frame) {
            problems.append("\(button) off the preview")
        }
        if controls.contains(where: { $0.intersects(frame) }) {
            problems.append("\(button) over a control")
        }
    }
    #expect(problems.isEmpty, "\(pose.name): the notice's action and Start off the fold, at least 44 pt, clear of the controls — \(problems.joined(separator: "; "))")
    galleryGridChecks(pose: pose)
}

/// The gallery's thumbnails are buttons too: in the gallery at the pose's width, no thumbnail
/// column crosses a fold that runs top to bottom, each is at least 44 pt and inside the width,
/// and the columns fill the width exactly.
private func galleryGridChecks(pose: StudioPose) {
    let grid: GalleryGrid = GalleryGrid(width: pose.size.width, fold: pose.fold)
    let spans = grid.columnSpans
    var problems: [String] = []
    for span in spans where !span.isFold {
        if let fold = pose.fold, fold.isVertical, fold.frame.minX < span.maxX, fold.frame.maxX > span.minX {
            problems.append("a thumbnail column \(span.minX)–\(span.maxX) on the fold \(fold.frame.minX)–\(fold.frame.maxX)")
        }
        if span.maxX - span.minX < 44 || span.minX < 0 || span.maxX > pose.size.width + 0.001 {
            problems.append("a thumbnail column \(span.minX)–\(span.maxX) under 44 pt or outside the width")
        }
    }
    #expect(spans.contains { !$0.isFold }, "\(pose.name): the gallery has thumbnail columns")
    #expect(abs((spans.last?.maxX ?? 0) - pose.size.width) < 0.001, "\(pose.name): the gallery's columns fill its width — \(spans.last?.maxX ?? 0)")
    #expect(problems.isEmpty, "\(pose.name): no gallery thumbnail on the fold — \(problems.joined(separator: "; "))")
}

@Test("Buttons: which phase shows which")
func previewButtonPhaseChecks() {
    // The two share one place because no phase shows both.
    let phases: [StudioPhase] = [
        .starting, .ready, .countingDown(Countdown.held(seconds: 3), then: .photo), .takingPhoto, .saving, .interrupted,
        .unavailable(.denied), .unavailable(.noCamera), .failed("broken"),
    ]
    let both: [String] = phases.filter { phase in
        PreviewButton.allCases.allSatisfy { $0.shows(in: phase, held: true) }
    }.map(\.name)
    #expect(both.isEmpty, "no phase shows the notice's action and Start together — \(both.joined(separator: ", "))")
    #expect(PreviewButton.startCountdown.shows(in: .countingDown(Countdown.held(seconds: 3), then: .photo), held: true)
            && PreviewButton.noticeAction.shows(in: .failed("broken"), held: false)
            && !PreviewButton.startCountdown.shows(in: .ready, held: true),
            "a held countdown shows Start, a failure shows its action")
}
