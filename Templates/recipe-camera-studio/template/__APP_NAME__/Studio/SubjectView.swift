#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// What the person being filmed sees on the outer display: their own picture as a mirror, a
/// rule-of-thirds guide, and the countdown or the recording time.
///
/// It reads the studio's store and keeps no state: the system builds a new accessory scene
/// each time the phone opens. Nothing the photographer needs is here. With the front camera
/// the subject isn't being filmed, so they get "Look here" instead of a picture.
struct SubjectView: View {
    let store: StudioStore
    let feed: LivePreview.Feed

    var body: some View {
        // The picture sits outside the ticking timeline: it changes only with the camera or its
        // mirroring, and the live preview updates itself.
        let picture = store.subjectDisplay.picture
        ZStack {
            switch picture {
            case .camera(let mirrored):
                LivePreview(feed: feed, role: .subject, cameraID: store.camera?.uniqueID, mirrored: mirrored) { directions in
                    // Relative to the outer display: which cameras face the subject.
                    Task { await store.subjectDirectionsChanged(directions) }
                }
            case .lookHere:
                Color.black
                Text(SubjectDisplay.lookHereText)
                    .font(.largeTitle.weight(.semibold))
                    .foregroundStyle(.white)
            }
            TimelineView(.periodic(from: .now, by: 0.25)) { _ in
                let display = store.subjectDisplay
                ZStack {
                    if display.showsThirds {
                        ThirdsGuide()
                            .stroke(.white.opacity(0.5), lineWidth: 1)
                            .allowsHitTesting(false)
                            .accessibilityHidden(true)
                    }
                    caption(for: display.overlay)
                }
            }
        }
        .background(.black)
        .ignoresSafeArea()
        .accessibilityIdentifier("subject.view")
    }

    @ViewBuilder
    private func caption(for overlay: SubjectDisplay.Overlay) -> some View {
        switch overlay {
        case .none:
            EmptyView()
        case .countdown(let secondsLeft):
            Text("\(secondsLeft)")
                .font(.system(size: 160, weight: .bold, design: .rounded))
                .monospacedDigit()
                .foregroundStyle(.white)
                .shadow(radius: 10)
        case .recording(let time):
            VStack {
                Label(time, systemImage: "record.circle")
                    .font(.title2.monospacedDigit().weight(.semibold))
                    .foregroundStyle(.white)
                    .padding(.horizontal, 16)
                    .padding(.vertical, 8)
                    .background(.red, in: Capsule())
                Spacer()
            }
            .padding(.top, 24)
        }
    }
}

/// Two lines across and two down, at the thirds, to help the subject frame themselves.
nonisolated struct ThirdsGuide: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        for third in [CGFloat(1) / 3, CGFloat(2) / 3] {
            path.move(to: CGPoint(x: rect.minX + rect.width * third, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.minX + rect.width * third, y: rect.maxY))
            path.move(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * third))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY + rect.height * third))
        }
        return path
    }
}
#endif
