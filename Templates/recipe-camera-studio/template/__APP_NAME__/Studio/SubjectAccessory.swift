#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// Registers the subject view as a camera capture accessory on the studio screen.
///
/// On iPhone Duo, while the phone is open and the camera runs, the system can show it on the
/// outer display, which faces the person being filmed. The system alone decides when it can
/// (`onAvailabilityChange`); the photographer's switch is `isEnabled`, on by default. Before
/// iOS 27.1 there is no accessory, and the studio works the same without it.
struct SubjectAccessory: ViewModifier {
    @Bindable var store: StudioStore
    let feed: LivePreview.Feed

    func body(content: Content) -> some View {
        if #available(iOS 27.1, *) {
            content.sceneAccessory {
                CameraCaptureAccessory(isEnabled: $store.subjectViewEnabled) {
                    SubjectView(store: store, feed: feed)
                }
                .onAvailabilityChange { available in
                    store.subjectAvailabilityChanged(available)
                }
            }
        } else {
            content
        }
    }
}
#endif
