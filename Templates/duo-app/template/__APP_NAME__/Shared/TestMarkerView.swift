#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// An invisible element that UI tests find by identifier and read through its value.
///
/// The markers carry the studio's state as text (`TestMarker`), so a test asks "is the
/// countdown running?" rather than looking for where a label sits, which differs by pose.
/// They exist only when the app runs with `-uiTesting`, so VoiceOver users never meet them.
/// A marker fills the frame it is given: a region marker covers its region, a state marker
/// is given 1 pt.
struct TestMarkerView: View {
    let identifier: String
    let value: String

    var body: some View {
        Color.clear
            .allowsHitTesting(false)
            .accessibilityElement()
            .accessibilityLabel(identifier)
            .accessibilityValue(value)
            .accessibilityIdentifier(identifier)
    }
}
#endif
