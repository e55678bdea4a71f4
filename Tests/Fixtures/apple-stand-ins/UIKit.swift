// Stand-in for the part of UIKit (and QuartzCore) the media player uses. No behaviour.
@_exported import Foundation

open class CALayer {
    public init() {}
    open var frame: CGRect = .zero
    open var superlayer: CALayer? { nil }
    open func addSublayer(_ layer: CALayer) {}
}

public enum CATransaction {
    public static func begin() {}
    public static func commit() {}
    public static func setDisableActions(_ flag: Bool) {}
}

open class UIColor: @unchecked Sendable {
    public init() {}
    open class var white: UIColor { UIColor() }
    open class var black: UIColor { UIColor() }
    open class var systemBlue: UIColor { UIColor() }
}

@MainActor open class UIView {
    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
    public convenience init() { self.init(frame: .zero) }
    open var layer: CALayer { CALayer() }
    open var bounds: CGRect { .zero }
    open var backgroundColor: UIColor?
    open var tintColor: UIColor!
    open var isAccessibilityElement: Bool = false
    open func setNeedsLayout() {}
    open func layoutSubviews() {}
}

@MainActor open class UIApplication {
    open class var shared: UIApplication { UIApplication() }
    open var isIdleTimerDisabled: Bool = false
}
