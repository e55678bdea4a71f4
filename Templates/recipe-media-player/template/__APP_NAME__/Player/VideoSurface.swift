#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVKit
import SwiftUI
import UIKit

/// Shows the player model's video layer. It never makes a layer of its own.
///
/// The `AVPlayerLayer` belongs to `PlayerModel`, which lives above every layout switch. When a
/// fold or a rotation makes SwiftUI rebuild this view, the new host view adopts the same layer,
/// still attached to the same player, so the picture carries on from the same frame with no
/// black flash. Each host view made is counted (`surfaces` in the `player.state` marker):
/// through a whole pose sweep the count stays at 1.
struct VideoSurface: UIViewRepresentable {
    let model: PlayerModel

    func makeUIView(context: Context) -> PlayerLayerHost {
        model.surfaceMade()
        let host = PlayerLayerHost()
        host.adopt(model.playerLayer)
        let model = model
        host.onWindowChange = { inWindow in
            model.surfaceMoved(onScreen: inWindow)
        }
        return host
    }

    func updateUIView(_ host: PlayerLayerHost, context: Context) {
        host.adopt(model.playerLayer)
    }
}

/// A plain view whose only content is the model's player layer, kept at its bounds.
final class PlayerLayerHost: UIView {
    private weak var hosted: AVPlayerLayer?
    /// Told when the view enters a window (true) or leaves it (false): the full-screen player
    /// is on screen, or closed.
    var onWindowChange: (Bool) -> Void = { _ in }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        isAccessibilityElement = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("PlayerLayerHost is made in code only")
    }

    /// Moves the layer here if it is elsewhere; a layer has one superlayer, so this is a move.
    func adopt(_ layer: AVPlayerLayer) {
        guard hosted !== layer || layer.superlayer !== self.layer else { return }
        // Moved in at this view's size, with no implicit animation: otherwise the picture
        // would fade in or grow from its old frame.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = bounds
        self.layer.addSublayer(layer)
        CATransaction.commit()
        hosted = layer
        setNeedsLayout()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        onWindowChange(window != nil)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Follow the view's size without the layer's implicit animation, which would show the
        // old frame sliding during a fold.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hosted?.frame = bounds
        CATransaction.commit()
    }
}

/// The system's AirPlay button: it lists the routes and shows which one plays.
struct RoutePickerButton: UIViewRepresentable {
    func makeUIView(context: Context) -> AVRoutePickerView {
        let picker = AVRoutePickerView()
        picker.prioritizesVideoDevices = true
        picker.tintColor = .white
        picker.activeTintColor = .systemBlue
        return picker
    }

    func updateUIView(_ picker: AVRoutePickerView, context: Context) {}
}
#endif
