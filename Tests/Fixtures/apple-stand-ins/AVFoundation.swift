// Stand-in for the part of AVFoundation, AVFAudio and CoreMedia the media player uses. No behaviour.
@_exported import UIKit

public struct CMTime: Sendable {
    public init(seconds: Double, preferredTimescale: Int32) {}
    public var seconds: Double { 0 }
    public static let zero = CMTime(seconds: 0, preferredTimescale: 1)
}

open class AVPlayerItem: NSObject {
    public enum Status: Int, Sendable {
        case unknown, readyToPlay, failed
    }
    public static let didPlayToEndTimeNotification = Notification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    public init(url URL: URL) {}
    open var status: Status { .unknown }
    open var duration: CMTime { .zero }
}

open class AVPlayer: NSObject {
    public enum ActionAtItemEnd: Int, Sendable {
        case advance, pause, none
    }
    public override init() {}
    open var actionAtItemEnd: ActionAtItemEnd = .advance
    open var rate: Float = 0
    open var currentItem: AVPlayerItem? { nil }
    open func play() {}
    open func pause() {}
    open func currentTime() -> CMTime { .zero }
    open func replaceCurrentItem(with item: AVPlayerItem?) {}
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {}
    open func addPeriodicTimeObserver(
        forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void
    ) -> Any { 0 }
}

public struct AVLayerVideoGravity: Sendable {
    public static let resizeAspect = AVLayerVideoGravity()
}

open class AVPlayerLayer: CALayer {
    public init(player: AVPlayer?) {}
    open var player: AVPlayer?
    open var videoGravity: AVLayerVideoGravity = .resizeAspect
}

open class AVAudioSession: NSObject {
    public struct Category: Sendable {
        public static let playback = Category()
    }
    public struct Mode: Sendable {
        public static let moviePlayback = Mode()
    }
    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public struct SetActiveOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    open class func sharedInstance() -> AVAudioSession { AVAudioSession() }
    open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {}
    open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {}
}

// Key-value observing, which Foundation on Linux lacks.
public final class NSKeyValueObservation {}
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
}
public struct NSKeyValueObservedChange<Value> {
    public var newValue: Value? { nil }
}
extension AVPlayerItem {
    public func observe<Value>(
        _ keyPath: KeyPath<AVPlayerItem, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (AVPlayerItem, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation { NSKeyValueObservation() }
}
