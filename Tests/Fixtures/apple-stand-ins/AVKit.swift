// Stand-in for the part of AVKit the media player uses. No behaviour.
@_exported import AVFoundation

public protocol AVPictureInPictureControllerDelegate: NSObjectProtocol {
    func pictureInPictureControllerWillStartPictureInPicture(_ pictureInPictureController: AVPictureInPictureController)
    func pictureInPictureControllerDidStartPictureInPicture(_ pictureInPictureController: AVPictureInPictureController)
    func pictureInPictureControllerDidStopPictureInPicture(_ pictureInPictureController: AVPictureInPictureController)
    func pictureInPictureController(
        _ pictureInPictureController: AVPictureInPictureController,
        failedToStartPictureInPictureWithError error: any Error
    )
    func pictureInPictureController(
        _ pictureInPictureController: AVPictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler: @escaping (Bool) -> Void
    )
}

open class AVPictureInPictureController: NSObject {
    open class func isPictureInPictureSupported() -> Bool { false }
    public init?(playerLayer: AVPlayerLayer) {}
    open weak var delegate: (any AVPictureInPictureControllerDelegate)?
    open var canStartPictureInPictureAutomaticallyFromInline: Bool = false
    open var isPictureInPictureActive: Bool { false }
    open func startPictureInPicture() {}
    open func stopPictureInPicture() {}
}

@MainActor open class AVRoutePickerView: UIView {
    open var prioritizesVideoDevices: Bool = false
    open var activeTintColor: UIColor!
}
