import Foundation

/// Every button the studio places from its layout, the preview's own buttons included, in every
/// pose at the seed's measured sizes: off the fold (flat or folded), at least 44 pt, on the
/// screen and clear of the controls. The numbers are written out, not read from the layout.
func buttonPlacementChecks(_ c: Checker) {
    c.begin("Buttons off the fold")
    let open: CGSize = CGSize(width: 867, height: 635)
    let tall: CGSize = CGSize(width: 669, height: 835)
    let wideFold: CGRect = CGRect(x: 455.5, y: 0, width: 40, height: 635)
    let tallFold: CGRect = CGRect(x: 0, y: 373.5, width: 669, height: 40)
    let poses: [(String, StudioLayout)] = [
        ("closed", StudioLayout(size: CGSize(width: 382, height: 644), fold: nil)),
        ("closed sideways", StudioLayout(size: CGSize(width: 644, height: 382), fold: nil)),
        ("open wide, flat", StudioLayout(size: open, fold: FoldFrame(frame: wideFold, isActive: false))),
        ("open tall, flat", StudioLayout(size: tall, fold: FoldFrame(frame: tallFold, isActive: false))),
        ("book", StudioLayout(size: open, fold: FoldFrame(frame: wideFold, isActive: true))),
        ("tabletop", StudioLayout(size: tall, fold: FoldFrame(frame: tallFold, isActive: true))),
    ]
    for (pose, layout) in poses {
        let screen: CGRect = CGRect(origin: .zero, size: layout.size)
        let controls: [CGRect] = Array(layout.controlFrames(StudioControl.ordered).values)
        var problems: [String] = []
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
        c.check("\(pose): the notice's action and Start off the fold, at least 44 pt, clear of the controls", problems.isEmpty, problems.joined(separator: "; "))
    }

    // The two share one place because no phase shows both.
    let phases: [StudioPhase] = [
        .starting, .ready, .countingDown(Countdown.held(seconds: 3), then: .photo), .takingPhoto, .saving, .interrupted,
        .unavailable(.denied), .unavailable(.noCamera), .failed("broken"),
    ]
    let both: [String] = phases.filter { phase in
        PreviewButton.allCases.allSatisfy { $0.shows(in: phase, held: true) }
    }.map(\.name)
    c.check("no phase shows the notice's action and Start together", both.isEmpty, both.joined(separator: ", "))
    c.check("a held countdown shows Start, a failure shows its action",
            PreviewButton.startCountdown.shows(in: .countingDown(Countdown.held(seconds: 3), then: .photo), held: true)
            && PreviewButton.noticeAction.shows(in: .failed("broken"), held: false)
            && !PreviewButton.startCountdown.shows(in: .ready, held: true))
}
