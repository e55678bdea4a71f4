#!/usr/bin/env python3
"""Lists the Apple SDK symbols each Swift file of a recipe (the camera studio by default, the
media player, or a generated project) uses, for review.

Nothing in the template that imports SwiftUI, UIKit, AVFoundation, AVKit or XCTest can be
compiled on Linux, so a misspelt or invented API would only show up on a Mac. This script
reads every Swift file of a template tree or a generated project and sorts each identifier
it uses into one of these groups:

  project   declared somewhere in the project's own Swift files (the portable core and the
            app layer: types, members, parameters, locals)
  swift     the Swift standard library, Foundation and language words
  facts     named in the Apple facts sheet the template was written against
            (the team's sheet of Apple API facts, with sources; its identifiers are embedded below)
  reviewed  long-standing SDK API that the facts sheet doesn't list, each checked by a
            reviewer and kept in REVIEWED below (SwiftUI views and modifiers, UIKit basics...);
            names added since carry the page they were checked against, in
            REVIEWED_WITH_SOURCES
  unknown   none of the above: an API nobody has vouched for

Usage:
  scripts/apple-symbols.py [ROOT]            per-file report (default: the template)
  scripts/apple-symbols.py --summary [ROOT]  counts per group and the Apple symbols in use
  scripts/apple-symbols.py --check [ROOT]    exit 1 if any file uses an unknown symbol
  scripts/apple-symbols.py --stand-ins [DIR]  check the stand-in modules (Tests/AppleStandIns)
                                             against the lists and the recipes: exit 1 if a
                                             stand-in declares a name nobody vouched for, a
                                             top-level declaration has no source comment, or a
                                             recipe uses an Apple symbol no stand-in declares
  [--stand-ins-dir DIR] --near-misses FILE...  exit 1 if a method of a type adopting an Apple delegate
                                             protocol nearly matches one of its optional requirements
                                             (marked '// optional' in the stand-ins) without being it
                                             (the stand-ins read: DIR, by default Tests/AppleStandIns)
  --facts FILE                               read the facts sheet's identifiers from FILE

ROOT is a template tree (with __APP_NAME__) or a generated project; Tools/ is skipped, its
Swift runs on Linux. A recipe's template tree is read with the trees of the layers its
template.yaml names, as duo-new lays them out. The tokenizer is deliberately simple: it strips comments and string
literals (keeping interpolations), then takes every identifier.
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import standin_records  # noqa: E402  (beside this script)

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO / "Templates/recipe-camera-studio/template"

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Language words and attributes.
KEYWORDS = set("""
actor any as associatedtype async await break case catch class continue convenience default defer deinit
didSet do dynamic else enum extension fallthrough false fileprivate final for func get guard if import in
indirect init inout internal is isolated lazy let mutating nil nonisolated nonmutating open operator optional
override private protocol public repeat required rethrows return self Self set some static struct subscript
super switch throw throws true try typealias unowned var weak where while willSet consuming borrowing sending
available unavailable escaping discardableResult main MainActor Sendable unchecked preconcurrency Observable
ObservationIgnored ViewBuilder ToolbarContentBuilder canImport iOS os arch swift compiler unknown
filePath line column function file nonsending concurrent
""".split())

# The Swift standard library and Foundation: present on Linux too, so not Apple-only.
SWIFT = set("""
Any AnyObject Array AsyncStream Bool Character CheckedContinuation Codable Comparable CustomStringConvertible
Dictionary Double Equatable Error Float Hashable Identifiable Int Int32 Int64 Never Optional Result Sequence Set
String Substring Task UInt UInt8 UInt32 UInt64 Void CaseIterable RawRepresentable ObjCBool StaticString
abs assert assertionFailure fatalError max min precondition print zip stride repeatElement type
withCheckedThrowingContinuation withCheckedContinuation makeStream bufferingPolicy bufferingNewest
Continuation yield finish resume returning throwing isCancelled sleep value cancel get
append contains count filter first firstIndex flatMap compactMap map reduce sorted joined split isEmpty
last prefix dropFirst dropLast enumerated reversed lowercased uppercased hasPrefix hasSuffix allSatisfy
insert remove removeAll replaceSubrange maxSplits separator rawValue description localizedDescription
rounded toggle distance success failure init assumeIsolated key infinity describing
CGFloat CGPoint CGRect CGSize CGAffineTransform TimeInterval Date URL UUID Data NSError NSObject NSObjectProtocol
NSCoder NSMutableData NSKeyValueObservation NSKeyValueObservedChange Notification NotificationCenter ProcessInfo FileManager
Thread RunLoop Bundle Pipe Process NSPredicate
width height minX minY maxX maxY midX midY origin size zero insetBy offsetBy applying intersects union
userInfo object path appendingPathComponent lastPathComponent deletingLastPathComponent documentsDirectory
isDirectory write atomic options formatted date time abbreviated shortened now addingTimeInterval
timeIntervalSinceReferenceDate processInfo arguments environment default addObserver removeObserver
forName queue using observe newValue initial new assumingMemoryBound run until
lowerBound upperBound isFinite x y resourceURL bundleURL whereSeparator
""".split())

# Reviewed for the media player, each with the page it was checked against
# (AD = developer.apple.com/documentation/).
REVIEWED_FOR_MEDIA_PLAYER = {
    "AVAudioSession": "AD avfaudio/avaudiosession",
    "sharedInstance": "AD avfaudio/avaudiosession/sharedinstance()",
    "setCategory": "AD avfaudio/avaudiosession/setcategory(_:mode:options:)",
    "playback": "AD avfaudio/avaudiosession/category-swift.struct/playback",
    "mode": "AD avfaudio/avaudiosession/setcategory(_:mode:options:) (the mode label)",
    "moviePlayback": "AD avfaudio/avaudiosession/mode-swift.struct/movieplayback",
    "setActive": "AD avfaudio/avaudiosession/setactive(_:options:)",
    "AVPlayerItem": "AD avfoundation/avplayeritem",
    "didPlayToEndTimeNotification": "AD avfoundation/avplayeritem/didplaytoendtimenotification",
    "readyToPlay": "AD avfoundation/avplayeritem/status-swift.enum/readytoplay",
    "AVPlayerLayer": "AD avfoundation/avplayerlayer",
    "actionAtItemEnd": "AD avfoundation/avplayer/actionatitemend",
    "addPeriodicTimeObserver": "AD avfoundation/avplayer/addperiodictimeobserver(forinterval:queue:using:)",
    "forInterval": "AD avfoundation/avplayer/addperiodictimeobserver(forinterval:queue:using:)",
    "currentItem": "AD avfoundation/avplayer/currentitem",
    "rate": "AD avfoundation/avplayer/rate",
    "replaceCurrentItem": "AD avfoundation/avplayer/replacecurrentitem(with:)",
    "toleranceBefore": "AD avfoundation/avplayer/seek(to:tolerancebefore:toleranceafter:)",
    "toleranceAfter": "AD avfoundation/avplayer/seek(to:tolerancebefore:toleranceafter:)",
    "preferredTimescale": "AD coremedia/cmtime/init(seconds:preferredtimescale:)",
    "AVPictureInPictureController": "AD avkit/avpictureinpicturecontroller",
    "AVPictureInPictureControllerDelegate": "AD avkit/avpictureinpicturecontrollerdelegate",
    "isPictureInPictureSupported": "AD avkit/avpictureinpicturecontroller/ispictureinpicturesupported()",
    "canStartPictureInPictureAutomaticallyFromInline":
        "AD avkit/avpictureinpicturecontroller/canstartpictureinpictureautomaticallyfrominline",
    "startPictureInPicture": "AD avkit/avpictureinpicturecontroller/startpictureinpicture()",
    "stopPictureInPicture": "AD avkit/avpictureinpicturecontroller/stoppictureinpicture()",
    "AVRoutePickerView": "AD avkit/avroutepickerview",
    "prioritizesVideoDevices": "AD avkit/avroutepickerview/prioritizesvideodevices",
    "activeTintColor": "AD avkit/avroutepickerview/activetintcolor",
    "CATransaction": "AD quartzcore/catransaction",
    "begin": "AD quartzcore/catransaction/begin()",
    "commit": "AD quartzcore/catransaction/commit()",
    "setDisableActions": "AD quartzcore/catransaction/setdisableactions(_:)",
    "superlayer": "AD quartzcore/calayer/superlayer",
    "setNeedsLayout": "AD uikit/uiview/setneedslayout()",
    "isAccessibilityElement": "AD objectivec/nsobject-swift.class/isaccessibilityelement",
    "tintColor": "AD uikit/uiview/tintcolor",
    "systemBlue": "AD uikit/uicolor/systemblue",
    "shared": "AD uikit/uiapplication/shared",
    "isIdleTimerDisabled": "AD uikit/uiapplication/isidletimerdisabled",
    "AnyLayout": "AD swiftui/anylayout",
    "HStackLayout": "AD swiftui/hstacklayout",
    "VStackLayout": "AD swiftui/vstacklayout",
    "HStack": "AD swiftui/hstack",
    "List": "AD swiftui/list",
    "Section": "AD swiftui/section",
    "Menu": "AD swiftui/menu",
    "Toggle": "AD swiftui/toggle",
    "Slider": "AD swiftui/slider",
    "Font": "AD swiftui/font",
    "caption": "AD swiftui/font/caption",
    "callout": "AD swiftui/font/callout",
    "subheadline": "AD swiftui/font/subheadline",
    "LinearGradient": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "colors": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "startPoint": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "endPoint": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "saturation": "AD swiftui/color/init(hue:saturation:brightness:opacity:)",
    "brightness": "AD swiftui/color/init(hue:saturation:brightness:opacity:)",
    "white": "AD swiftui/color/white, uikit/uicolor/white",
    "black": "AD swiftui/color/black",
    "secondary": "AD swiftui/shapestyle/secondary",
    "tint": "AD swiftui/shapestyle/tint",
    "NavigationSplitView": "AD swiftui/navigationsplitview/init(columnvisibility:sidebar:detail:)",
    "NavigationSplitViewVisibility": "AD swiftui/navigationsplitviewvisibility",
    "all": "AD swiftui/navigationsplitviewvisibility/all",
    "detail": "AD swiftui/navigationsplitview/init(columnvisibility:sidebar:detail:)",
    "tag": "AD swiftui/view/tag(_:includeoptional:)",
    "label": "AD swiftui/button/init(action:label:), swiftui/menu/init(content:label:)",
    "combine": "AD swiftui/accessibilitychildbehavior/combine",
    "accessibilityIdentifier": "AD swiftui/view/accessibilityidentifier(_:)",
    "glassEffect": "AD swiftui/view/glasseffect(_:in:)",
    "regular": "AD swiftui/glass/regular",
    "minLength": "AD swiftui/spacer/init(minlength:)",
    "maxHeight": "AD swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)",
    "bottom": "AD swiftui/alignment/bottom, swiftui/verticaledge/bottom",
    "edge": "AD swiftui/view/safeareainset(edge:alignment:spacing:content:)",
    "safeAreaInset": "AD swiftui/view/safeareainset(edge:alignment:spacing:content:)",
    "overlay": "AD swiftui/view/overlay(alignment:content:)",
    "fullScreenCover": "AD swiftui/view/fullscreencover(ispresented:ondismiss:content:)",
    "onChange": "AD swiftui/view/onchange(of:initial:_:)",
    "active": "AD swiftui/scenephase/active",
    "place": "AD swiftui/layoutsubview/place(at:anchor:proposal:)",
    "wrappedValue": "AD swiftui/binding/wrappedvalue",
    "XCTSkip": "AD xctest/xctskip",
    "add": "AD xctest/xctestcase/add(_:)",
    "coordinate": "AD xcuiautomation/xcuielement/coordinate(withnormalizedoffset:)",
    "withNormalizedOffset": "AD xcuiautomation/xcuielement/coordinate(withnormalizedoffset:)",
    "CGVector": "AD corefoundation/cgvector",
    "dx": "AD corefoundation/cgvector/init(dx:dy:)",
    "dy": "AD corefoundation/cgvector/init(dx:dy:)",
    "terminate": "AD xcuiautomation/xcuiapplication/terminate()",
    "XCUIDevice": "AD xcuiautomation/xcuidevice",
    "press": "AD xcuiautomation/xcuidevice/press(_:)",
    "home": "AD xcuiautomation/xcuidevice/button/home",
}

# Identifiers in the code spans of the Apple facts sheet the recipes were written against (compiled 2026-11-30).
# Refresh with: scripts/apple-symbols.py --print-facts --facts <path to apple-facts.md>
FACTS = set("""
A A2A AD AVCaptureConnection AVCaptureDevice AVCaptureDeviceDescriptor AVCaptureDeviceDirectionCoordinator
AVCaptureDeviceDirectionMap AVCaptureDeviceTypeBuiltInOuterUltraWideCamera AVCaptureFileOutput
AVCaptureFileOutputRecordingDelegate AVCaptureMultiCamSession AVCapturePhoto AVCapturePhotoCaptureDelegate
AVCapturePhotoOutput AVCapturePhotoSettings AVCaptureResolvedPhotoSettings AVCaptureSession
AVCaptureVideoOrientation AVCaptureVideoPreviewLayer AVFoundation AVKit AVLayerVideoGravity AVMediaType
ActiveKeyboards Angle Any App AspectRatio Automatic B52 Base Binding BlueprintIdentifier BlueprintName Body
Bool BuildIndependentTargetsInParallel BuildableIdentifier BuildableName BuildableReference C C617 CA92
CALayer CGFloat CGPoint CGRect CGSize CMTime CMVideoDimensions CODE_SIGN_STYLE CURRENT_PROJECT_VERSION Camera
CameraCaptureAccessory CaptureHorizonLevel CaptureView Codable Content ContentBuilder CoreGraphics
CoreSimulator D9E DDA9 DEBUG Data DefaultIsolation Descriptor DeviceHinge DeviceHingeContext DeviceType
DiscoverySession DiskSpace Duo DuoByExamples E174 ENABLE_PREVIEWS ENABLE_USER_SCRIPT_SANDBOXING EdgeInsets
EmptyView Enabled Equatable Error ExceptionSet ExternalNonInteractiveAccessory F4 F9 FileRef Foo ForEach
Foundation FoundationXML Frameworks GENERATE_INFOPLIST_FILE GeometryProxy Group Hashable ID IDs INFOPLIST_FILE
INFOPLIST_KEY_LSApplicationCategoryType INFOPLIST_KEY_NSCameraUsageDescription
INFOPLIST_KEY_NSMicrophoneUsageDescription INFOPLIST_KEY_NSPhotoLibraryAddUsageDescription
INFOPLIST_KEY_UIApplicationSceneManifest_Generation INFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents
INFOPLIST_KEY_UILaunchScreen_Generation INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone
IPHONEOS_DEPLOYMENT_TARGET ImageIO InferIsolatedConformances Info Kind LD_RUNPATH_SEARCH_PATHS
LOCALIZATION_PREFERS_STRING_CATALOGS LastSwiftUpdateCheck LastUpgradeCheck LastUpgradeVersion
LayoutDirectionBehavior MARKETING_VERSION MainActor Map NO NSCameraUsageDescription
NSMicrophoneUsageDescription NSObject NSObjectProtocol NSPhotoLibraryAddUsageDescription
NSPrivacyAccessedAPICategoryFileTimestamp NSPrivacyAccessedAPICategoryUserDefaults NSPrivacyAccessedAPIType
NSPrivacyAccessedAPITypeReasons NSPrivacyAccessedAPITypes NSPrivacyCollectedDataTypes NSPrivacyTracking
NSPrivacyTrackingDomains NS_SWIFT_SENDABLE NonisolatedNonsendingByDefault Onone OptionSet
PBXContainerItemProxy PBXFileReference PBXFileSystemSynchronizedBuildFileExceptionSet
PBXFileSystemSynchronizedRootGroup PBXFrameworksBuildPhase PBXGroup PBXNativeTarget PBXProject
PBXResourcesBuildPhase PBXSourcesBuildPhase PBXTargetDependency PRODUCT_BUNDLE_IDENTIFIER PRODUCT_NAME
Position PrivacyInfo PropertyListSerialization QueryOptions README ReferencedContainer ReservedRegion Role
RotationCoordinator SDKROOT SKILL STRING_CATALOG_GENERATE_SYMBOLS SUPPORTED_PLATFORMS
SWIFT_ACTIVE_COMPILATION_CONDITIONS SWIFT_APPROACHABLE_CONCURRENCY SWIFT_COMPILATION_MODE
SWIFT_DEFAULT_ACTOR_ISOLATION SWIFT_EMIT_LOC_STRINGS SWIFT_OPTIMIZATION_LEVEL
SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT
SWIFT_VERSION SceneAccessoryContent Scheme Self Sendable Set SimDeviceType Status String SubjectView
SystemBootTime T TARGETED_DEVICE_FAMILY TARGET_NAME TEST_TARGET_NAME TargetAttributes TestAction TestTargetID
TestableReference Testables TupleContent Type UIEdgeInsets UIHinge UIHingeInteraction UISceneAccessory
UISceneAccessoryRegistration UISceneConfiguration UISceneSession UITests UIView UIViewController
UIViewReservedRegionQueryOptionsIncludeInactive UIWindowSceneSessionRoleCameraCaptureAccessory URL Update View
ViewBuilder ViewModifier Void Workspace X XCBuildConfiguration XCConfigurationList XMLDocument XMLParser
XUITests Xcode YES Za _ _INFER_ISOLATED_CONFORMANCES __tests__ _iPad a accessory action activeFormat
activePrimaryConstituent actor alexey angle any api api_shapes_probe app appID apple archiveVersion arm64
async attributes authorizationStatus auto automaticallyAdjustsVideoMirroring availability available
avcapturedevice avcapturedevicedescriptor avcapturedevicedirectioncoordinator avcapturedevicedirectionmap
avcapturefileoutputrecordingdelegate avcapturephotocapturedelegate avfoundation avkit await
backwardFacingDeviceDescriptors body buildActionMask buildConfigurationList builtInInnerUltraWideCamera
builtInOuterUltraWide builtInOuterUltraWideCamera builtInUltraWideCamera builtInWideAngleCamera
builtininnerultrawidecamera bundle bundleresources by camera cameraCapture cameracapture
cameracaptureaccessory canImport capture capturePhoto category cfbundle changeHandler changehandler choosing
class classes closed com compatibilityVersion completionHandler completionhandler concurrent configuration
connectionOptions connections container containerPortal content contentModificationDateKey contents
coordinator creationDate creationDateKey d default defaultIsolation defaultisolation delegate describing
developer developmentRegion device deviceDirections deviceType deviceTypes devicetype devicetypes
didFinishCaptureFor didFinishProcessingPhoto didFinishRecordingTo didStartRecordingTo direction division
documentation duo dynamicAspectRatio dynamicDimensions else en enable enabled enum error escaping exceptions
executable_path explicitFileType explicitFileTypes explicitFolders f faces false feature
fileDataRepresentation fileModificationDate fileOutput fileSystemSynchronizedGroups files final first fixed
fixtures for format forwardFacingDeviceDescriptors frame from front frozen fstat fullyOpen func g
geometryproxy get getattrlist group handler hasScannedForEncodings hechen hinge https iOS iPhone iPhone19
iPhoneDuoProbe iPhoneDuoTest id if import includeInactive index inherited init initWithView initial ios ios27
iphone iphoneos iphonesimulator isActive isAvailable isCameraSensorOrientationCompensationSupported isEnabled
isRecording isVideoMirrored isVideoMirroringSupported isVideoRotationAngleSupported isVirtualDevice isa
isactive isenabled isolation it json kind knownRegions layoutDirectionBehavior layoutdirectionbehavior let
linux localizedName location lockForConfiguration lstat mainGroup margins md mediaType mediaTypes mediatypes
membershipExceptions minimizedProjectReferenceProxies mirrors mirza modificationDate movieOutput new
newContext nil nonisolated nonsending objectVersion objects observe occlusion of oldContext on onAppear
onAvailabilityChange onGeometryChange onHingeChange onavailabilitychange ongeometrychange onhingechange
openStep opt optional options output outputFileURL packagedescription parallel parallelizable partiallyOpen
path pbxproj perform photo photoOutput photography plist position preconcurrency preferredProjectObjectVersion
previewLayer primary privacy private probes product productRefGroup productType project projectDirPath
projectRoot propertyList protocol proxy proxyType public queryoptions ratio16x9 ratio1x1 ratio3x4 ratio4x3
ratio9x16 reason recordingDelegate reference references registerSceneAccessory registering
remoteGlobalIDString remoteInfo requestAccess required reservedRegions reservedregion reservedregions resize
resizeAspect resizeAspectFill resolvedSettings role rootObject rotationcoordinator
runOnlyForDeploymentPostprocessing sceneAccessory sceneAccessoryUserInfo sceneConfiguration sceneaccessory
sceneaccessorycontent sceneconfiguration scripts sdk seed self setDynamicAspectRatio
setSessionWithNoConnection setdynamicaspectratio simulator skills skipped some sourceTree src startRecording
startRunning stat static status stopRecording struct studio supportedDynamicAspectRatios swift swiftc
swiftsetting swiftui target targetProxy targets testID testTargetID testing tests the to toDeviceOrientation
transform true type typealias typecheck ui uikit uisceneaccessory uiscenesession uiview uniqueID unknown
unregisterSceneAccessory upcoming update updateHandler use userInfo userinfo var version video videoGravity
videoRotationAngle videoRotationAngleForHorizonLevelCapture videoRotationAngleForHorizonLevelPreview
videoRotationAngleRelative view weak where wholemodule windowCameraCaptureAccessory
windowcameracaptureaccessory with wrapper xcode16 xcodebuild xcodeproj xcprivacy xcrun xcscheme xcschemes
xcshareddata xctest xcworkspace xcworkspacedata z0
""".split())

# Long-standing SDK API (iOS 17 or earlier) that the facts sheet doesn't list: type, member and
# argument-label names. Each was checked by a reviewer; add a name only after checking it
# against Apple's documentation.
REVIEWED = set("""
AVAssetImageGenerator AVAssetWriter AVAssetWriterInput AVAssetWriterInputPixelBufferAdaptor
AVCaptureDeviceInput AVCaptureMovieFileOutput AVCaptureSessionErrorKey AVErrorRecordingSuccessfullyFinishedKey
AVPlayer AVURLAsset AVVideoCodecKey AVVideoCodecType AVVideoHeightKey AVVideoWidthKey Bindable Button Canvas
Capsule Circle CMTimeScale CMTimeValue Color ContentUnavailableView Context CVPixelBuffer
CVPixelBufferGetBaseAddress CVPixelBufferGetBytesPerRow CVPixelBufferLockBaseAddress
CVPixelBufferPoolCreatePixelBuffer CVPixelBufferUnlockBaseAddress Environment GraphicsContext GridItem Image
Label Layout LayoutValueKey LazyVGrid NavigationStack Path ProposedViewSize Rectangle RoundedRectangle Scene
ScrollView Shape ShareLink Spacer State Subviews Text TimelineView ToolbarItem UIApplication UIImage
UIViewRepresentable VideoPlayer VStack WindowGroup XCTAssertEqual XCTAssertFalse XCTAssertGreaterThan
XCTAssertGreaterThanOrEqual XCTAssertNil XCTAssertTrue XCTAttachment XCTestCase XCTFail
XCUIApplication XCUIElement XCUIScreen ZStack accessibilityElement accessibilityHidden accessibilityLabel
accessibilityValue adaptive addInput addLine addOutput addSublayer alert alerts alignment allowsHitTesting
anchor animation appliesPreferredTrackTransform aspectRatio assetWriterInput atSourceTime authorized
background backgroundColor beginConfiguration bold borderedProminent bottomTrailing buttons buttonStyle canAdd
canAddInput canAddOutput cgImage children clear clipped commitConfiguration completed confirmationAction
contain contentMode contentShape contentsOfFile continueAfterFailure cornerRadius dark descendants design
destructive destructiveAction devices disabled ellipseIn endSession exists expectsMediaDataInRealTime fileType
fill finishWriting firstMatch fit font footnote foregroundStyle forTimeInterval gray green h264 headline
ignoresSafeArea infinity initialValue inline interruptionEndedNotification isHittable isPresented
isReadyForMoreMediaData item kCVPixelBufferHeightKey kCVPixelBufferPixelFormatTypeKey kCVPixelBufferWidthKey
kCVPixelFormatType_32BGRA keepAlways largeTitle launchArguments layer layoutValue lifetime lineLimit lineWidth
loadTracks markAsFinished matching maxWidth minHeight minimumInterval minimumScaleFactor minWidth modifier
monospacedDigit mov move multilineTextAlignment naturalSize navigationBarTitleDisplayMode
navigationDestination navigationTitle nominalFrameRate notDetermined opacity openSettingsURLString outputs
outputSettings outputURL padding periodic pixelBufferPool placement plain preferredColorScheme
preferredTransform preparingThumbnail primaryAction removeInput removeOutput replacingUnspecifiedDimensions
resizable runtimeErrorNotification scale scaledToFill scaledToFit semibold shadow sheet
sourcePixelBufferAttributes spacing startSession startWriting string stroke strokeBorder system systemName tap
task title2 toolbar top topLeading uiImage waitForExistence wasInterruptedNotification weight windows
withMediaType withPresentationTime
""".split())

# Reviewed later, each with the page it was checked against (AD = developer.apple.com/documentation/).
# Add new names here, with their source.
REVIEWED_WITH_SOURCES = {
    "AVError": "AD avfoundation/averror-swift.struct (the runtime error's userInfo value, as Apple's AVCam reads it)",
    "mediaServicesWereReset": "AD avfoundation/averror-swift.struct/mediaserviceswerereset",
    "availablePhotoCodecTypes": "AD avfoundation/avcapturephotooutput/availablephotocodectypes",
    "maxPhotoDimensions": "AD avfoundation/avcapturephotooutput/maxphotodimensions, avcapturephotosettings/maxphotodimensions",
    "supportedMaxPhotoDimensions": "AD avfoundation/avcapturedevice/format/supportedmaxphotodimensions",
    "sessionPreset": "AD avfoundation/avcapturesession/sessionpreset (photos at .photo, as Apple's AVCam does)",
    "canSetSessionPreset": "AD avfoundation/avcapturesession/cansetsessionpreset(_:)",
    "Preset": "AD avfoundation/avcapturesession/preset",
    "high": "AD avfoundation/avcapturesession/preset/high",
    "accessibilityAdjustableAction": "AD swiftui/view/accessibilityadjustableaction(_:)",
    "AccessibilityAdjustmentDirection": "AD swiftui/accessibilityadjustmentdirection",
    "increment": "AD swiftui/accessibilityadjustmentdirection/increment",
    "decrement": "AD swiftui/accessibilityadjustmentdirection/decrement",
    "timeControlStatus": "AD avfoundation/avplayer/timecontrolstatus-swift.property",
    "TimeControlStatus": "AD avfoundation/avplayer/timecontrolstatus-swift.enum",
    "playing": "AD avfoundation/avplayer/timecontrolstatus-swift.enum/playing",
    "waitingToPlayAtSpecifiedRate": "AD avfoundation/avplayer/timecontrolstatus-swift.enum/waitingtoplayatspecifiedrate",
    "preparingForDisplay": "AD uikit/uiimage/preparingfordisplay() (decodes now; the gallery calls it off the main actor)",
    "DispatchSerialQueue": "AD dispatch/dispatchserialqueue (conforms to SerialExecutor; Apple's AVCam runs its capture actor on one)",
    "UnownedSerialExecutor": "AD swift/unownedserialexecutor",
    "asUnownedSerialExecutor": "AD swift/serialexecutor/asunownedserialexecutor()",
    "Duration": "AD swift/duration",
    "invalidate": "AD foundation/nskeyvalueobservation/invalidate()",
    "setNeedsLayout": "AD uikit/uiview/setneedslayout()",
    "superlayer": "AD quartzcore/calayer/superlayer",
    "window": "AD uikit/uiview/window",
    "subheadline": "AD swiftui/font/subheadline",
    "screens": "AD xcuiautomation/xcuiscreen/screens (every active screen, the main one first)",
}

# The media player's Apple API, checked against the pages its stand-in declarations cite
# (Tests/AppleStandIns): each name with the page of the declaration that introduces it.
REVIEWED_WITH_SOURCES.update({
    # The media player's failed items, audio-only episodes and Picture in Picture's possibility.
    "failedToPlayToEndTimeNotification": "AD avfoundation/avplayeritem/failedtoplaytoendtimenotification",
    "presentationSize": "AD avfoundation/avplayeritem/presentationsize",
    "isPictureInPicturePossible": "AD avkit/avpictureinpicturecontroller/ispictureinpicturepossible",
    "detail": "AD swiftui/navigationsplitview/init(columnvisibility:sidebar:detail:)",
    "sidebar": "AD swiftui/navigationsplitview/init(columnvisibility:sidebar:detail:)",
    "AVAudioSession": "AD avfaudio/avaudiosession",
    "AVPictureInPictureController": "AD avkit/avpictureinpicturecontroller",
    "AVPictureInPictureControllerDelegate": "AD avkit/avpictureinpicturecontrollerdelegate",
    "AVPlayerItem": "AD avfoundation/avplayeritem",
    "AVPlayerLayer": "AD avfoundation/avplayerlayer",
    "AVRoutePickerView": "AD avkit/avroutepickerview",
    "ActionAtItemEnd": "AD avfoundation/avplayer/actionatitemend-swift.enum",
    "AnyLayout": "AD swiftui/anylayout",
    "CATransaction": "AD quartzcore/catransaction",
    "CGVector": "AD corefoundation/cgvector",
    "Category": "AD avfaudio/avaudiosession/category-swift.struct",
    "CategoryOptions": "AD avfaudio/avaudiosession/categoryoptions-swift.struct",
    "Glass": "AD swiftui/glass",
    "HStack": "AD swiftui/hstack",
    "HStackLayout": "AD swiftui/hstacklayout",
    "HierarchicalShapeStyle": "AD swiftui/hierarchicalshapestyle",
    "LinearGradient": "AD swiftui/lineargradient",
    "List": "AD swiftui/list",
    "Menu": "AD swiftui/menu",
    "Mode": "AD avfaudio/avaudiosession/mode-swift.struct",
    "NavigationSplitView": "AD swiftui/navigationsplitview",
    "NavigationSplitViewVisibility": "AD swiftui/navigationsplitviewvisibility",
    "ScenePhase": "AD swiftui/scenephase",
    "Section": "AD swiftui/section",
    "SetActiveOptions": "AD avfaudio/avaudiosession/setactiveoptions",
    "Slider": "AD swiftui/slider",
    "TintShapeStyle": "AD swiftui/tintshapestyle",
    "Toggle": "AD swiftui/toggle",
    "VStackLayout": "AD swiftui/vstacklayout",
    "VerticalAlignment": "AD swiftui/verticalalignment",
    "VerticalEdge": "AD swiftui/verticaledge",
    "XCTSkip": "AD xctest/xctskip",
    "XCUICoordinate": "AD xcuiautomation/xcuicoordinate",
    "XCUIDevice": "AD xcuiautomation/xcuidevice",
    "actionAtItemEnd": "AD avfoundation/avplayer/actionatitemend-swift.property",
    "active": "AD swiftui/scenephase",
    "activeTintColor": "AD avkit/avroutepickerview/activetintcolor",
    "addPeriodicTimeObserver": "AD avfoundation/avplayer/addperiodictimeobserver(forinterval:queue:using:)",
    "advance": "AD avfoundation/avplayer/actionatitemend-swift.enum",
    "begin": "AD quartzcore/catransaction/begin()",
    "brightness": "AD swiftui/color/init(hue:saturation:brightness:opacity:)",
    "callout": "AD swiftui/font/bold()",
    "canStartPictureInPictureAutomaticallyFromInline": "AD avkit/avpictureinpicturecontroller/canstartpictureinpictureautomaticallyfrominline",
    "colors": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "columnVisibility": "AD swiftui/navigationsplitview/init(columnvisibility:sidebar:detail:)",
    "combine": "AD swiftui/accessibilitychildbehavior/combine",
    "commit": "AD quartzcore/catransaction/commit()",
    "coordinate": "AD xcuiautomation/xcuielement/coordinate(withnormalizedoffset:)",
    "currentItem": "AD avfoundation/avplayer/currentitem",
    "currentTime": "AD avfoundation/avplayer/currenttime()",
    "detailOnly": "AD swiftui/navigationsplitviewvisibility",
    "didPlayToEndTimeNotification": "AD avfoundation/avplayeritem/didplaytoendtimenotification",
    "doubleColumn": "AD swiftui/navigationsplitviewvisibility",
    "dx": "AD corefoundation/cgvector/init(dx:dy:)-5xu9w",
    "dy": "AD corefoundation/cgvector/init(dx:dy:)-5xu9w",
    "edge": "AD swiftui/view/safeareainset(edge:alignment:spacing:content:)-6gwby",
    "endPoint": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "failedToStartPictureInPictureWithError": "AD avkit/avpictureinpicturecontrollerdelegate/pictureinpicturecontroller(_:failedtostartpictureinpicturewitherror:)",
    "forInterval": "AD avfoundation/avplayer/addperiodictimeobserver(forinterval:queue:using:)",
    "fullScreenCover": "AD swiftui/view/fullscreencover(ispresented:ondismiss:content:)",
    "glassEffect": "AD swiftui/view/glasseffect(_:in:)",
    "home": "AD xcuiautomation/xcuidevice/button",
    "hue": "AD swiftui/color/init(hue:saturation:brightness:opacity:)",
    "inactive": "AD swiftui/scenephase",
    "includeOptional": "AD swiftui/view/tag(_:includeoptional:)",
    "isAccessibilityElement": "AD uikit/uiview/tintcolor",
    "isIdleTimerDisabled": "AD uikit/uiapplication/isidletimerdisabled",
    "isOn": "AD swiftui/toggle/init(_:ison:)-2qurm",
    "isPictureInPictureActive": "AD avkit/avpictureinpicturecontroller/ispictureinpictureactive",
    "isPictureInPictureSupported": "AD avkit/avpictureinpicturecontroller/ispictureinpicturesupported()",
    "mode": "AD avfaudio/avaudiosession/setcategory(_:mode:options:)",
    "moviePlayback": "AD avfaudio/avaudiosession/mode-swift.struct/movieplayback",
    "none": "AD avfoundation/avplayer/actionatitemend-swift.enum",
    "onChange": "AD swiftui/view/onchange(of:initial:_:)-4psgg",
    "onEditingChanged": "AD swiftui/slider/init(value:in:oneditingchanged:)",
    "pause": "AD avfoundation/avplayer/pause()",
    "pictureInPictureController": "AD avkit/avpictureinpicturecontrollerdelegate/pictureinpicturecontroller(_:failedtostartpictureinpicturewitherror:)",
    "pictureInPictureControllerDidStartPictureInPicture": "AD avkit/avpictureinpicturecontrollerdelegate/pictureinpicturecontrollerdidstartpictureinpicture(_:)",
    "pictureInPictureControllerDidStopPictureInPicture": "AD avkit/avpictureinpicturecontrollerdelegate/pictureinpicturecontrollerdidstoppictureinpicture(_:)",
    "pictureInPictureControllerWillStartPictureInPicture": "AD avkit/avpictureinpicturecontrollerdelegate/pictureinpicturecontrollerwillstartpictureinpicture(_:)",
    "play": "AD avfoundation/avplayer/play()",
    "playback": "AD avfaudio/avaudiosession/category-swift.struct/playback",
    "playerLayer": "AD avkit/avpictureinpicturecontroller/init(playerlayer:)",
    "press": "AD xcuiautomation/xcuidevice/press(_:)",
    "prioritizesVideoDevices": "AD avkit/avroutepickerview/prioritizesvideodevices",
    "rate": "AD avfoundation/avplayer/rate",
    "readyToPlay": "AD avfoundation/avplayeritem/status-swift.enum",
    "regular": "AD swiftui/glass/regular",
    "removeTimeObserver": "AD avfoundation/avplayer/removetimeobserver(_:)",
    "replaceCurrentItem": "AD avfoundation/avplayer/replacecurrentitem(with:)",
    "restoreUserInterfaceForPictureInPictureStopWithCompletionHandler": "AD avkit/avpictureinpicturecontrollerdelegate/pictureinpicturecontroller(_:restoreuserinterfaceforpictureinpicturestopwithcompletionhandler:)",
    "safeAreaInset": "AD swiftui/view/safeareainset(edge:alignment:spacing:content:)-6gwby",
    "saturation": "AD swiftui/color/init(hue:saturation:brightness:opacity:)",
    "scenePhase": "AD swiftui/environmentvalues/scenephase",
    "secondary": "AD swiftui/shapestyle/secondary",
    "seek": "AD avfoundation/avplayer/seek(to:tolerancebefore:toleranceafter:)",
    "selection": "AD swiftui/list/init(selection:content:)-3vfkd",
    "setActive": "AD avfaudio/avaudiosession/setactive(_:options:)",
    "setCategory": "AD avfaudio/avaudiosession/setcategory(_:mode:options:)",
    "setDisableActions": "AD quartzcore/catransaction/setdisableactions(_:)",
    "sharedInstance": "AD avfaudio/avaudiosession/sharedinstance()",
    "startPictureInPicture": "AD avkit/avpictureinpicturecontroller/startpictureinpicture()",
    "startPoint": "AD swiftui/lineargradient/init(colors:startpoint:endpoint:)",
    "stopPictureInPicture": "AD avkit/avpictureinpicturecontroller/stoppictureinpicture()",
    "systemBlue": "AD uikit/uicolor/systemblue",
    "tag": "AD swiftui/view/tag(_:includeoptional:)",
    "terminate": "AD xcuiautomation/xcuiapplication/terminate()",
    "tint": "AD swiftui/shapestyle/tint",
    "tintColor": "AD uikit/uiview/tintcolor",
    "toleranceAfter": "AD avfoundation/avplayer/seek(to:tolerancebefore:toleranceafter:)",
    "toleranceBefore": "AD avfoundation/avplayer/seek(to:tolerancebefore:toleranceafter:)",
    "withNormalizedOffset": "AD xcuiautomation/xcuielement/coordinate(withnormalizedoffset:)",
})
# The camera studio's stand-in photo, encoded by ImageIO from a Core Graphics image; each name with
# the page of the declaration that introduces it (the SDK header each was checked against is
# recorded beside the declaration in Tests/AppleStandIns).
_CGIMAGE_INIT = ("AD coregraphics/cgimage/init(width:height:bitspercomponent:bitsperpixel:bytesperrow:space:"
                 "bitmapinfo:provider:decode:shouldinterpolate:intent:)")
REVIEWED_WITH_SOURCES.update({
    "CGImage": "AD coregraphics/cgimage",
    "CFData": "AD corefoundation/cfdata",
    "CFMutableData": "AD corefoundation/cfmutabledata",
    "CFString": "AD corefoundation/cfstring",
    "CFDictionary": "AD corefoundation/cfdictionary",
    "CGColorSpace": "AD coregraphics/cgcolorspace",
    "sRGB": "AD coregraphics/cgcolorspace/srgb",
    "CGDataProvider": "AD coregraphics/cgdataprovider",
    "CGImageAlphaInfo": "AD coregraphics/cgimagealphainfo",
    "CGBitmapInfo": "AD coregraphics/cgbitmapinfo",
    "defaultIntent": "AD coregraphics/cgcolorrenderingintent",
    "bitsPerComponent": _CGIMAGE_INIT, "bitsPerPixel": _CGIMAGE_INIT, "bytesPerRow": _CGIMAGE_INIT,
    "space": _CGIMAGE_INIT, "bitmapInfo": _CGIMAGE_INIT, "provider": _CGIMAGE_INIT, "decode": _CGIMAGE_INIT,
    "shouldInterpolate": _CGIMAGE_INIT, "intent": _CGIMAGE_INIT,
    "CGImageDestinationCreateWithData": "AD imageio/cgimagedestinationcreatewithdata(_:_:_:_:)",
    "CGImageDestinationAddImage": "AD imageio/cgimagedestinationaddimage(_:_:_:)",
    "CGImageDestinationFinalize": "AD imageio/cgimagedestinationfinalize(_:)",
    "kCGImageDestinationLossyCompressionQuality": "AD imageio/kcgimagedestinationlossycompressionquality",
    # Named by the portable movie writer while it was in the app; StandInRecorder's CMTime uses it.
    "timescale": "AD coremedia/cmtime/init(value:timescale:)",
    # Labels and colours the JPEG encoder's own names used to cover while it was in the app.
    "red": "AD swiftui/color/init(_:red:green:blue:opacity:), swiftui/color/red",
    "blue": "AD swiftui/color/init(_:red:green:blue:opacity:)",
    "columns": "AD swiftui/lazyvgrid/init(columns:alignment:spacing:pinnedviews:content:)",
    "code": "AD avfoundation/averror-swift.struct (its code, as Apple's AVCam reads it)",
    "jpeg": "AD avfoundation/avvideocodectype/jpeg",
    "load": "AD avfoundation/avasynchronouskeyvalueloading/load(_:isolation:)",
})
REVIEWED |= set(REVIEWED_WITH_SOURCES)

# Names the stand-in modules (Tests/AppleStandIns) declare so that the recipes' code compiles as it
# does against the SDK, though the recipes don't spell them: builder methods, the types behind a
# modifier's arguments, protocol plumbing. Each with the page it was checked against.
STAND_IN_SUPPORT = {
    "Transferable": "AD coretransferable/transferable",
    "PinnedScrollableViews": "AD swiftui/pinnedscrollableviews",
    "pinnedViews": "AD swiftui/lazyvgrid/init(columns:alignment:spacing:pinnedviews:content:)",
    "_StackLayoutCache": "AD swiftui/hstacklayout",
    "StringInterpolation": "AD swiftui/localizedstringkey/stringinterpolation",
    "literalCapacity": "AD swiftui/localizedstringkey/stringinterpolation",
    "interpolationCount": "AD swiftui/localizedstringkey/stringinterpolation",
    "appendLiteral": "AD swiftui/localizedstringkey/stringinterpolation",
    "appendInterpolation": "AD swiftui/localizedstringkey/stringinterpolation",
    "specifier": "AD swiftui/localizedstringkey/stringinterpolation",
    "StringLiteralType": "AD swift/expressiblebystringliteral/stringliteraltype",
    "_FormatSpecifiable": "AD swiftui/localizedstringkey/stringinterpolation", "_Arg": "AD swiftui/localizedstringkey/stringinterpolation",
    "_arg": "AD swiftui/localizedstringkey/stringinterpolation", "_specifier": "AD swiftui/localizedstringkey/stringinterpolation",
    "CGImageDestination": "AD imageio/cgimagedestination",
    "CGColorRenderingIntent": "AD coregraphics/cgcolorrenderingintent",
    "Body": "AD swiftui/view/body-swift.associatedtype", "body": "AD swiftui/view/body-swift.property",
    "TupleView": "AD swiftui/tupleview", "AnyView": "AD swiftui/anyview",
    "_ConditionalContent": "AD swiftui/_conditionalcontent", "ViewBuilder": "AD swiftui/viewbuilder",
    "buildExpression": "AD swiftui/viewbuilder/buildexpression(_:)", "buildBlock": "AD swiftui/viewbuilder/buildblock()",
    "buildIf": "AD swiftui/viewbuilder/buildif(_:)", "buildEither": "AD swiftui/viewbuilder/buildeither(first:)",
    "buildLimitedAvailability": "AD swiftui/viewbuilder/buildlimitedavailability(_:)",
    "Attributes": "AD dispatch/dispatchserialqueue/attributes",
    "SceneBuilder": "AD swiftui/scenebuilder", "ContentBuilder": "AD swiftui/contentbuilder",
    "makeContent": "AD swiftui/windowgroup/init(makecontent:)",
    "EveryMinuteTimelineSchedule": "AD swiftui/everyminutetimelineschedule",
    "ToolbarContentBuilder": "AD swiftui/toolbarcontentbuilder", "TupleToolbarContent": "AD swiftui/tupletoolbarcontent",
    "ToolbarContent": "AD swiftui/toolbarcontent", "ToolbarItemPlacement": "AD swiftui/toolbaritemplacement",
    "automatic": "AD swiftui/toolbaritemplacement/automatic", "main": "AD swiftui/app/main()",
    "wrappedValue": "AD swiftui/state/wrappedvalue", "projectedValue": "AD swiftui/state/projectedvalue",
    "Binding": "AD swiftui/binding", "dynamicMember": "AD swiftui/binding/subscript(dynamicmember:)",
    "EnvironmentValues": "AD swiftui/environmentvalues", "openURL": "AD swiftui/environmentvalues/openurl",
    "dismiss": "AD swiftui/environmentvalues/dismiss", "OpenURLAction": "AD swiftui/openurlaction",
    "DismissAction": "AD swiftui/dismissaction", "callAsFunction": "AD swiftui/openurlaction/callasfunction(_:)",
    "_ViewModifier_Content": "AD swiftui/viewmodifier/content",
    "frame": "AD swiftui/view/frame(width:height:alignment:)", "width": "AD swiftui/view/frame(width:height:alignment:)",
    "idealWidth": "AD swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)",
    "idealHeight": "AD swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)",
    "maxHeight": "AD swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)",
    "eoFill": "AD swiftui/view/contentshape(_:eofill:)", "antialiased": "AD swiftui/view/clipped(antialiased:)",
    "radius": "AD swiftui/view/shadow(color:radius:x:y:)", "x": "AD swiftui/view/shadow(color:radius:x:y:)",
    "y": "AD swiftui/view/shadow(color:radius:x:y:)", "color": "AD swiftui/view/shadow(color:radius:x:y:)",
    "edges": "AD swiftui/view/ignoressafearea(_:edges:)", "SafeAreaRegions": "AD swiftui/safearearegions",
    "AccessibilityChildBehavior": "AD swiftui/accessibilitychildbehavior", "ignore": "AD swiftui/accessibilitychildbehavior/ignore",
    "accessibilityIdentifier": "AD swiftui/view/accessibilityidentifier(_:)",
    "ignoresSafeAreaEdges": "AD swiftui/view/background(_:ignoressafeareaedges:)",
    "fillStyle": "AD swiftui/view/background(_:in:fillstyle:)", "FillStyle": "AD swiftui/fillstyle",
    "overlay": "AD swiftui/view/overlay(alignment:content:)", "priority": "AD swiftui/view/task(priority:_:)",
    "onDismiss": "AD swiftui/view/sheet(ispresented:ondismiss:content:)", "actions": "AD swiftui/view/alert(_:ispresented:actions:message:)-8dvt8",
    "message": "AD swiftui/view/alert(_:ispresented:actions:message:)-8dvt8", "destination": "AD swiftui/view/navigationdestination(item:destination:)",
    "of": "AD swiftui/view/ongeometrychange(for:of:action:)", "Alignment": "AD swiftui/alignment",
    "center": "AD swiftui/alignment/center", "UnitPoint": "AD swiftui/unitpoint", "Edge": "AD swiftui/edge",
    "leading": "AD swiftui/edge/leading", "bottom": "AD swiftui/edge/bottom", "trailing": "AD swiftui/edge/trailing",
    "all": "AD swiftui/edge/set/all", "horizontal": "AD swiftui/edge/set/horizontal", "vertical": "AD swiftui/edge/set/vertical",
    "ContentMode": "AD swiftui/contentmode", "ColorScheme": "AD swiftui/colorscheme", "light": "AD swiftui/colorscheme/light",
    "TextAlignment": "AD swiftui/textalignment", "NavigationBarItem": "AD swiftui/navigationbaritem",
    "TitleDisplayMode": "AD swiftui/navigationbaritem/titledisplaymode-swift.enum", "large": "AD swiftui/navigationbaritem/titledisplaymode-swift.enum/large",
    "ShapeStyle": "AD swiftui/shapestyle", "RGBColorSpace": "AD swiftui/color/rgbcolorspace", "sRGB": "AD swiftui/color/rgbcolorspace/srgb",
    "sRGBLinear": "AD swiftui/color/rgbcolorspace/srgblinear", "displayP3": "AD swiftui/color/rgbcolorspace/displayp3",
    "red": "AD swiftui/color/init(_:red:green:blue:opacity:)", "blue": "AD swiftui/color/init(_:red:green:blue:opacity:)",
    "white": "AD swiftui/color/white", "Font": "AD swiftui/font", "Weight": "AD swiftui/font/weight", "Design": "AD swiftui/font/design",
    "serif": "AD swiftui/font/design/serif", "rounded": "AD swiftui/font/design/rounded", "monospaced": "AD swiftui/font/design/monospaced",
    "title": "AD swiftui/font/title", "caption": "AD swiftui/font/caption", "LocalizedStringKey": "AD swiftui/localizedstringkey",
    "stringLiteral": "AD swiftui/localizedstringkey/init(stringliteral:)", "stringInterpolation": "AD swiftui/localizedstringkey/init(stringinterpolation:)",
    "tableName": "AD swiftui/text/init(_:tablename:bundle:comment:)", "bundle": "AD swiftui/text/init(_:tablename:bundle:comment:)",
    "comment": "AD swiftui/text/init(_:tablename:bundle:comment:)", "ButtonRole": "AD swiftui/buttonrole", "cancel": "AD swiftui/buttonrole/cancel",
    "role": "AD swiftui/button/init(role:action:label:)", "label": "AD swiftui/button/init(action:label:)",
    "PrimitiveButtonStyle": "AD swiftui/primitivebuttonstyle", "PlainButtonStyle": "AD swiftui/plainbuttonstyle",
    "BorderedProminentButtonStyle": "AD swiftui/borderedprominentbuttonstyle", "subject": "AD swiftui/sharelink/init(item:subject:message:label:)-1nv1b",
    "description": "AD swiftui/contentunavailableview/init(_:systemimage:description:)-7u9ag",
    "HorizontalAlignment": "AD swiftui/horizontalalignment", "minLength": "AD swiftui/spacer/init(minlength:)",
    "showsIndicators": "AD swiftui/scrollview/init(_:showsindicators:content:)", "Axis": "AD swiftui/axis",
    "Size": "AD swiftui/griditem/size-swift.enum", "fixed": "AD swiftui/griditem/size-swift.enum/fixed(_:)",
    "flexible": "AD swiftui/griditem/size-swift.enum/flexible(minimum:maximum:)", "minimum": "AD swiftui/griditem/size-swift.enum/adaptive(minimum:maximum:)",
    "maximum": "AD swiftui/griditem/size-swift.enum/adaptive(minimum:maximum:)", "columns": "AD swiftui/lazyvgrid/init(columns:alignment:spacing:pinnedviews:content:)",
    "root": "AD swiftui/navigationstack/init(root:)", "InsettableShape": "AD swiftui/insettableshape",
    "style": "AD swiftui/shape/fill(_:style:)", "Shading": "AD swiftui/graphicscontext/shading", "with": "AD swiftui/graphicscontext/fill(_:with:style:)",
    "opaque": "AD swiftui/canvas/init(opaque:colormode:rendersasynchronously:renderer:)",
    "rendersAsynchronously": "AD swiftui/canvas/init(opaque:colormode:rendersasynchronously:renderer:)",
    "renderer": "AD swiftui/canvas/init(opaque:colormode:rendersasynchronously:renderer:)",
    "TimelineSchedule": "AD swiftui/timelineschedule", "TimelineViewDefaultContext": "AD swiftui/timelineviewdefaultcontext",
    "PeriodicTimelineSchedule": "AD swiftui/periodictimelineschedule", "AnimationTimelineSchedule": "AD swiftui/animationtimelineschedule",
    "paused": "AD swiftui/timelineschedule/animation(minimuminterval:paused:)", "LayoutSubview": "AD swiftui/layoutsubview",
    "LayoutSubviews": "AD swiftui/layoutsubviews", "Element": "AD swiftui/layoutsubviews", "Index": "AD swiftui/layoutsubviews",
    "startIndex": "AD swiftui/layoutsubviews/startindex", "endIndex": "AD swiftui/layoutsubviews/endindex",
    "defaultValue": "AD swiftui/layoutvaluekey/defaultvalue", "Value": "AD swiftui/layoutvaluekey/value",
    "Cache": "AD swiftui/layout/cache", "sizeThatFits": "AD swiftui/layout/sizethatfits(proposal:subviews:cache:)",
    "placeSubviews": "AD swiftui/layout/placesubviews(in:proposal:subviews:cache:)", "proposal": "AD swiftui/layout/sizethatfits(proposal:subviews:cache:)",
    "subviews": "AD swiftui/layout/sizethatfits(proposal:subviews:cache:)", "cache": "AD swiftui/layout/sizethatfits(proposal:subviews:cache:)",
    "makeCache": "AD swiftui/layout/makecache(subviews:)-23agy", "Animatable": "AD swiftui/animatable",
    "place": "AD swiftui/layoutsubview/place(at:anchor:proposal:)", "at": "AD swiftui/layoutsubview/place(at:anchor:proposal:)",
    "EdgeInsets": "AD swiftui/edgeinsets", "UIViewRepresentableContext": "AD swiftui/uiviewrepresentablecontext",
    "UIViewType": "AD swiftui/uiviewrepresentable/uiviewtype", "makeUIView": "AD swiftui/uiviewrepresentable/makeuiview(context:)",
    "updateUIView": "AD swiftui/uiviewrepresentable/updateuiview(_:context:)", "context": "AD swiftui/uiviewrepresentable/makeuiview(context:)",
    "UIResponder": "AD uikit/uiresponder", "UIWindow": "AD uikit/uiwindow", "UIColor": "AD uikit/uicolor", "black": "AD uikit/uicolor/black",
    "shared": "AD uikit/uiapplication/shared", "coder": "AD uikit/uiview/init(coder:)", "data": "AD uikit/uiimage/init(data:)",
    "bounds": "AD uikit/uiview/bounds", "didMoveToWindow": "AD uikit/uiview/didmovetowindow()", "layoutSubviews": "AD uikit/uiview/layoutsubviews()",
    "CALayer": "AD quartzcore/calayer", "NSKeyValueObservation": "AD foundation/nskeyvalueobservation",
    "NSKeyValueObservingOptions": "AD foundation/nskeyvalueobservingoptions", "NSKeyValueObservedChange": "AD foundation/nskeyvalueobservedchange",
    "oldValue": "AD foundation/nskeyvalueobservedchange/oldvalue", "old": "AD foundation/nskeyvalueobservingoptions/old",
    "_KeyValueCodingAndObserving": "AD swift/_keyvaluecodingandobserving", "keyPath": "AD swift/_keyvaluecodingandobserving/observe(_:options:changehandler:)",
    "qos": "AD dispatch/dispatchserialqueue/init(label:qos:autoreleasefrequency:target:)",
    "autoreleaseFrequency": "AD dispatch/dispatchserialqueue/init(label:qos:autoreleasefrequency:target:)",
    "target": "AD dispatch/dispatchserialqueue/init(label:qos:autoreleasefrequency:target:)",
    "enqueue": "AD swift/serialexecutor/enqueue(_:)-8ao0q", "CGImage": "AD coregraphics/cgimage",
    "CGAffineTransform": "AD corefoundation/cgaffinetransform", "identity": "AD corefoundation/cgaffinetransform/identity",
    "CMTime": "AD coremedia/cmtime-u58", "timescale": "AD coremedia/cmtime-u58/timescale", "seconds": "AD coremedia/cmtime-u58/seconds",
    "preferredTimescale": "AD coremedia/cmtime-u58/init(seconds:preferredtimescale:)",
    "CFAllocator": "AD corefoundation/cfallocator", "CVReturn": "AD corevideo/cvreturn", "CVBuffer": "AD corevideo/cvbuffer",
    "CVImageBuffer": "AD corevideo/cvimagebuffer", "CVPixelBufferPool": "AD corevideo/cvpixelbufferpool",
    "CVPixelBufferLockFlags": "AD corevideo/cvpixelbufferlockflags", "AVFileType": "AD avfoundation/avfiletype",
    "AVLayerVideoGravity": "AD avfoundation/avlayervideogravity", "AVAuthorizationStatus": "AD avfoundation/avauthorizationstatus",
    "restricted": "AD avfoundation/avauthorizationstatus/restricted", "denied": "AD avfoundation/avauthorizationstatus/denied",
    "Code": "AD avfoundation/averror-swift.struct/code-swift.enum", "code": "AD avfoundation/averror-swift.struct/code-swift.property",
    "DeviceType": "AD avfoundation/avcapturedevice/devicetype-swift.struct", "Position": "AD avfoundation/avcapturedevice/position-swift.enum",
    "unspecified": "AD avfoundation/avcapturedevice/position-swift.enum/unspecified", "back": "AD avfoundation/avcapturedevice/position-swift.enum/back",
    "front": "AD avfoundation/avcapturedevice/position-swift.enum/front", "Format": "AD avfoundation/avcapturedevice/format",
    "requestAccess": "AD avfoundation/avcapturedevice/requestaccess(for:completionhandler:)", "mediaType": "AD avfoundation/avcapturedevice/discoverysession/init(devicetypes:mediatype:position:)",
    "AVCaptureInput": "AD avfoundation/avcaptureinput", "AVCaptureOutput": "AD avfoundation/avcaptureoutput",
    "connection": "AD avfoundation/avcaptureoutput/connection(with:)", "isRunning": "AD avfoundation/avcapturesession/isrunning",
    "stopRunning": "AD avfoundation/avcapturesession/stoprunning()", "settings": "AD avfoundation/avcapturephotooutput/capturephoto(with:delegate:)",
    "AVPartialAsyncProperty": "AD avfoundation/avpartialasyncproperty", "AVAsyncProperty": "AD avfoundation/avasyncproperty",
    "AVAsynchronousKeyValueLoading": "AD avfoundation/avasynchronouskeyvalueloading", "load": "AD avfoundation/avasynchronouskeyvalueloading/load(_:isolation:)",
    "isolation": "AD avfoundation/avasynchronouskeyvalueloading/load(_:isolation:)", "AVAsset": "AD avfoundation/avasset",
    "AVAssetTrack": "AD avfoundation/avassettrack", "duration": "AD avfoundation/avpartialasyncproperty/duration",
    "url": "AD avfoundation/avurlasset/init(url:options:)", "asset": "AD avfoundation/avassetimagegenerator/init(asset:)",
    "maximumSize": "AD avfoundation/avassetimagegenerator/maximumsize", "image": "AD avfoundation/avassetimagegenerator/image(at:)",
    "Status": "AD avfoundation/avassetwriter/status-swift.enum", "unknown": "AD avfoundation/avassetwriter/status-swift.enum/unknown",
    "writing": "AD avfoundation/avassetwriter/status-swift.enum/writing", "failed": "AD avfoundation/avassetwriter/status-swift.enum/failed",
    "cancelled": "AD avfoundation/avassetwriter/status-swift.enum/cancelled", "error": "AD avfoundation/avassetwriter/error",
    "add": "AD avfoundation/avassetwriter/add(_:)-4c2ua", "append": "AD avfoundation/avassetwriterinputpixelbufferadaptor/append(_:withpresentationtime:)",
    "deviceDirections": "AD avkit/avcapturedevicedirectioncoordinator/devicedirections", "AVCaptureDeviceDirectionMap": "AD avkit/avcapturedevicedirectionmap",
    "player": "AD avkit/videoplayer/init(player:)", "VideoOverlay": "AD avkit/videoplayer",
    "Lifetime": "AD xctest/xctattachment/lifetime-swift.enum", "deleteOnSuccess": "AD xctest/xctattachment/lifetime-swift.enum/deleteonsuccess",
    "name": "AD xctest/xctattachment/name", "screenshot": "AD xcuiautomation/xcuiscreenshotproviding/screenshot()",
    "XCUIScreenshot": "AD xcuiautomation/xcuiscreenshot", "XCUIElementQuery": "AD xcuiautomation/xcuielementquery",
    "ElementType": "AD xcuiautomation/xcuielement/elementtype-swift.enum", "other": "AD xcuiautomation/xcuielement/elementtype-swift.enum/other",
    "button": "AD xcuiautomation/xcuielement/elementtype-swift.enum/button", "launch": "AD xcuiautomation/xcuiapplication/launch()",
    "identifier": "AD xcuiautomation/xcuielementquery/matching(identifier:)", "timeout": "AD xcuiautomation/xcuielement/waitforexistence(timeout:)",
    "expression": "AD xctest/xctasserttrue(_:_:file:line:)", "session": "AD avfoundation/avcapturevideopreviewlayer/init(session:)",
    "audio": "AD avfoundation/avmediatype/audio", "jpeg": "AD avfoundation/avvideocodectype/jpeg",
    "RawValue": "AD swift/rawrepresentable/rawvalue-swift.associatedtype", "second": "AD swiftui/viewbuilder/buildeither(second:)",
    "systemImage": "AD swiftui/label/init(_:systemimage:)-7bmxa", "AppleAvailability": "Tests/AppleStandIns/AppleAvailability (the iOS_27_1 domain)",
    "colorMode": "AD swiftui/canvas/init(opaque:colormode:rendersasynchronously:renderer:)",
    "ColorRenderingMode": "AD swiftui/colorrenderingmode", "nonLinear": "AD swiftui/colorrenderingmode/nonlinear",
    "linear": "AD swiftui/colorrenderingmode/linear", "extendedLinear": "AD swiftui/colorrenderingmode/extendedlinear",
    "ModifiedContent": "AD swiftui/modifiedcontent", "AccessibilityAttachmentModifier": "AD swiftui/accessibilityattachmentmodifier",
    "RoundedCornerStyle": "AD swiftui/roundedcornerstyle", "circular": "AD swiftui/roundedcornerstyle/circular",
    "continuous": "AD swiftui/roundedcornerstyle/continuous",
    "capInsets": "AD swiftui/image/resizable(capinsets:resizingmode:)",
    "resizingMode": "AD swiftui/image/resizable(capinsets:resizingmode:)",
    "ResizingMode": "AD swiftui/image/resizingmode", "stretch": "AD swiftui/image/resizingmode/stretch",
    "tile": "AD swiftui/image/resizingmode/tile",
    "NavigationPath": "AD swiftui/navigationpath",
    "LayoutDirection": "AD swiftui/layoutdirection", "leftToRight": "AD swiftui/layoutdirection/lefttoright",
    "rightToLeft": "AD swiftui/layoutdirection/righttoleft", "DefaultGlassEffectShape": "AD swiftui/defaultglasseffectshape",
    "_ShapeView": "AD swiftui/_shapeview", "shape": "AD swiftui/_shapeview (its init(shape:style:fillStyle:))",
    "ForegroundStyle": "AD swiftui/foregroundstyle", "foreground": "AD swiftui/shapestyle/foreground",
}


def strip_comments_and_strings(source):
    """Source with comments removed and string literals reduced to their interpolations."""
    out = []
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            while i < n and source[i] != "\n":
                i += 1
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif source.startswith('"""', i):
            end = source.find('"""', i + 3)
            body = source[i + 3:n if end < 0 else end]
            out.append(" " + " ".join(interpolations(body)) + " ")
            i = n if end < 0 else end + 3
        elif source[i] == '"':
            j = i + 1
            depth = 0
            while j < n:
                if source[j] == "\\" and j + 1 < n and source[j + 1] == "(":
                    depth += 1
                    j += 2
                    continue
                if depth and source[j] == "(":
                    depth += 1
                elif depth and source[j] == ")":
                    depth -= 1
                elif not depth and source[j] == "\\":
                    j += 2
                    continue
                elif not depth and source[j] == '"':
                    break
                j += 1
            out.append(" " + " ".join(interpolations(source[i + 1:j])) + " ")
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def interpolations(body):
    """The code inside each \\( ... ) of a string literal's body."""
    pieces, i = [], 0
    while True:
        start = body.find("\\(", i)
        if start < 0:
            return pieces
        depth, j = 1, start + 2
        while j < len(body) and depth:
            depth += {"(": 1, ")": -1}.get(body[j], 0)
            j += 1
        pieces.append(body[start + 2:j - 1])
        i = j


DECLARATION = re.compile(
    r"\b(?:func|var|let|case|class|struct|enum|actor|protocol|typealias|associatedtype)\s+([A-Za-z_]\w*)")
SIGNATURE = re.compile(r"\b(?:func\s+[A-Za-z_]\w*|init[?!]?|subscript)\s*(?:<[^>{]*>)?\s*\(((?:[^()]|\([^()]*\))*)\)")
PARAMETER = re.compile(r"(?:^|,)\s*(?:@\w+\s+)*([A-Za-z_]\w*)(?:\s+([A-Za-z_]\w*))?\s*:")
CLOSURE_PARAMETERS = re.compile(r"\{\s*(?:\[[^\]]*\]\s*)?\(?([\w\s,]*?)\)?\s+in\b")
BINDING_LIST = re.compile(r"\b(?:let|var)\s*\(([^)]*)\)")
LOOP = re.compile(r"\bfor\s+(?:case\s+let\s+)?([A-Za-z_]\w*)\s+in\b")
LOOP_TUPLE = re.compile(r"\bfor\s+\(([\w\s,]*)\)\s+in\b")
ENUM_CASE_LIST = re.compile(r"\bcase\s+([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)")
PATTERN_BINDING = re.compile(r"\blet\s+([A-Za-z_]\w*)")


def declared_names(code):
    names = set(DECLARATION.findall(code))
    for parameters in SIGNATURE.findall(code):
        for label, name in PARAMETER.findall(parameters):
            names.update(n for n in (label, name) if n)
    for group in CLOSURE_PARAMETERS.findall(code):
        names.update(IDENTIFIER.findall(group))
    for group in BINDING_LIST.findall(code):
        names.update(IDENTIFIER.findall(group))
    for group in ENUM_CASE_LIST.findall(code):
        names.update(IDENTIFIER.findall(group))
    names.update(LOOP.findall(code))
    for group in LOOP_TUPLE.findall(code):
        names.update(IDENTIFIER.findall(group))
    names.update(PATTERN_BINDING.findall(code))
    return names - KEYWORDS


APPLE_MODULES = {"SwiftUI", "UIKit", "AVFoundation", "AVKit", "CoreVideo", "CoreMedia", "ImageIO", "XCTest"}
IMPORT = re.compile(r"^\s*(?:@\w+\s+)?import\s+(\w+)", re.MULTILINE)
DIRECTIVE = re.compile(r"^\s*(?:#if|#elseif|#else|#endif|(?:@\w+\s+)?import)\b.*$", re.MULTILINE)
NUMBER = re.compile(r"\b0[xob][0-9A-Fa-f_]+\b|\b\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][-+]?\d+)?\b")


def layer_roots(root):
    """The template trees of the layers a recipe's template.yaml names (`layers: [a, b]` or a
    block list): a recipe's project is its layers' trees with its own laid over them."""
    manifest = root.parent / "template.yaml"
    if not manifest.is_file():
        return []
    text = manifest.read_text(encoding="utf-8")
    flow = re.search(r"^layers:[ \t]*\[([^\]]*)\]", text, re.MULTILINE)
    if flow:
        names = flow.group(1).split(",")
    else:
        block = re.search(r"^layers:[ \t]*\n((?:[ \t]+-[^\n]*\n?)+)", text, re.MULTILINE)
        names = [line.strip()[1:] for line in block.group(1).splitlines()] if block else []
    names = [name.strip().strip("'\"") for name in names if name.strip()]
    return [root.parent.parent / name / "template" for name in names
            if (root.parent.parent / name / "template").is_dir()]


def swift_files(root):
    files = []
    for tree in layer_roots(root) + [root]:
        files += [p for p in tree.rglob("*.swift") if "Tools" not in p.relative_to(tree).parts]
    return sorted(files)


def relative(path, root):
    """A file's path inside its own tree: the recipe's, or a layer's."""
    for tree in [root] + layer_roots(root):
        if path.is_relative_to(tree):
            return path.relative_to(tree).as_posix()
    return path.as_posix()


def is_apple_only(source):
    """Files importing an Apple-only module; the rest compile on Linux, where the compiler checks them."""
    return bool(APPLE_MODULES & set(IMPORT.findall(source)))


def classify(root, facts):
    files = swift_files(root)
    sources = {path: path.read_text(encoding="utf-8") for path in files}
    codes = {path: NUMBER.sub(" ", DIRECTIVE.sub(" ", strip_comments_and_strings(text))) for path, text in sources.items()}
    project = set()
    for code in codes.values():
        project |= declared_names(code)
    report = {}
    for path, code in codes.items():
        if not is_apple_only(sources[path]):
            continue
        groups = {"project": set(), "swift": set(), "facts": set(), "reviewed": set(), "unknown": set()}
        for name in set(IDENTIFIER.findall(code)) - KEYWORDS:
            if name.startswith("__") or name.startswith("_"):
                groups["project"].add(name)
            elif name in project:
                groups["project"].add(name)
            elif name in SWIFT:
                groups["swift"].add(name)
            elif name in facts:
                groups["facts"].add(name)
            elif name in REVIEWED or name in REVIEWED_FOR_MEDIA_PLAYER:
                groups["reviewed"].add(name)
            else:
                groups["unknown"].add(name)
        report[relative(path, root)] = groups
    return report


STAND_INS = REPO / "Tests/AppleStandIns"
ATTRIBUTE_LINE = re.compile(r"\s*@\w+(?:\([^)]*\))?\s*")


def stand_in_declarations(root):
    """Every name the stand-in modules declare (types, members, enum cases, argument labels) with
    where, and the top-level declarations that carry no `// AD` source comment above them."""
    declared, unsourced = {}, []
    for path in sorted(root.glob("*/*.swiftinterface")):
        lines = path.read_text(encoding="utf-8").splitlines()
        where = path.relative_to(root.parent).as_posix()
        depth = 0
        for number, line in enumerate(lines, 1):
            code = re.sub(r"\bclass\s+(func|var)\b", r"static \1", line.split("//", 1)[0])
            stripped = code.strip()
            if depth == 0 and stripped and stripped != "}" and not ATTRIBUTE_LINE.fullmatch(code) \
                    and not re.match(r"(?:@_exported\s+)?import\b", stripped):
                above = number - 2
                while above >= 0 and ATTRIBUTE_LINE.fullmatch(lines[above]):
                    above -= 1
                block = []
                while above >= 0 and lines[above].strip().startswith("//"):
                    block.append(lines[above].strip())
                    above -= 1
                if not any(line.startswith("// AD ") for line in block):
                    unsourced.append(f"{where}:{number}: {stripped}")
            names = set(DECLARATION.findall(code))
            for group in ENUM_CASE_LIST.findall(code):
                names.update(IDENTIFIER.findall(group))
            for parameters in SIGNATURE.findall(re.sub(r"@[\w.]+(?:\([^)]*\))?\s+", "", code)):
                names.update(label for label, _ in PARAMETER.findall(parameters) if label != "_")
            for name in names - KEYWORDS:
                declared.setdefault(name, f"{where}:{number}")
            depth += code.count("{") - code.count("}")
    return declared, unsourced


def check_stand_ins(facts, root):
    """The stand-ins against the lists (every declared name vouched for, every top-level declaration
    with its source) and against the recipes (every Apple symbol they use declared)."""
    if not any(root.glob("*/*.swiftinterface")):
        print(f"apple-symbols: no stand-in modules (*/*.swiftinterface) under {root}", file=sys.stderr)
        return 66
    declared, unsourced = stand_in_declarations(root)
    vouched = facts | REVIEWED | set(STAND_IN_SUPPORT) | SWIFT | KEYWORDS
    unvouched = sorted(f"{where}: {name}" for name, where in declared.items() if name not in vouched)
    used = {}
    for template in sorted(REPO.glob("Templates/recipe-*/template")):
        for path, groups in classify(template, facts).items():
            for name in groups["facts"] | groups["reviewed"]:
                used.setdefault(name, f"{template.parent.name}/{path}")
    # The Swift standard library's names (reviewed with an "AD swift/" page) need no stand-in.
    stdlib = {name for name, source in REVIEWED_WITH_SOURCES.items() if source.startswith("AD swift/")}
    undeclared = sorted(f"{where}: {name}" for name, where in used.items()
                        if name not in declared and name not in SWIFT and name not in stdlib)
    comparison = compare_records(root, facts)
    problems = [("stand-in names on no list (add them, with their source, to STAND_IN_SUPPORT)", unvouched),
                ("stand-in declarations without a '// AD ...' source comment", unsourced),
                ("Apple symbols the recipes use that no stand-in declares", undeclared)] + comparison["problems"]
    for title, items in problems:
        if items:
            print(f"{title}:", file=sys.stderr)
            for item in items:
                print(f"  {item}", file=sys.stderr)
    if any(items for _, items in problems):
        return 1
    print(f"apple-symbols: {len(declared)} stand-in names, all listed with a source; "
          f"{len(used)} Apple symbols used by the recipes, all declared")
    print(comparison["summary"])
    return 0


def recipe_identifiers(facts):
    """Every identifier the bundled recipes' Apple-only Swift files spell (their layers' too)."""
    names = set()
    for template in sorted(REPO.glob("Templates/recipe-*/template")):
        for path in swift_files(template):
            source = path.read_text(encoding="utf-8")
            if is_apple_only(source):
                code = NUMBER.sub(" ", DIRECTIVE.sub(" ", strip_comments_and_strings(source)))
                names |= set(IDENTIFIER.findall(code))
    return names | {"init"}


def used_by_recipes(declaration, names):
    """A declaration a recipe may use: its name is spelt in a recipe's Apple-only code (an
    initialiser or subscript: its type's name, and each of its argument labels)."""
    if declaration.kind == "extension":
        return False
    if declaration.kind in ("init", "subscript"):
        owner = declaration.owner.split(".")[-1]
        labels = [label for label in (declaration.labels() or []) if label != "_"]
        return owner in names and all(label in names for label in labels)
    return declaration.name in names


def compare_records(root, facts):
    """The comparison records (standin_records.py): a problem for every used declaration with no
    `// checked:` record and not on the not-compared list, for a malformed record, and for a stale
    entry of the list; and the counts."""
    found = standin_records.declarations(root)
    names = recipe_identifiers(facts)
    listed = not_compared_list(root)
    counted = [d for d in found if d.kind != "extension"]
    used = needed_declarations(found, names)
    by_key = {d.qualified: d for d in counted}
    # A listed member of a compared type was not compared itself: the list overrides the type's record.
    for key in listed:
        if key in by_key and by_key[key].own_record is None:
            by_key[key].record = None
    missing = [f"{d.where}:{d.line}: {d.qualified}" for d in used if d.record is None and d.qualified not in listed]
    stale = [f"{key}: {'now has a record of its own' if by_key[key].own_record else 'no recipe uses it'}" if key in by_key
             else f"{key}: no such declaration" for key in sorted(listed)
             if key not in by_key or by_key[key].own_record is not None or by_key[key] not in used]
    unused = [f"{d.where}:{d.line}: {d.qualified}" for d in counted
              if d not in used and d.record is None and d.kind not in SUPPORT_KINDS and d.name not in SUPPORT_NAMES]
    compared = [d for d in used if d.record is not None]
    fixed_missing = [key for key in standin_records.FIXED if key not in by_key or by_key[key].record is None]
    fixed = [d for d in compared if d.qualified in standin_records.FIXED]
    problems = [
        ("declarations a recipe uses with no '// checked:' record (compare them with the SDK, or add them to "
         "Tests/AppleStandIns/not-compared.txt with the reason)", missing),
        ("'// checked:' records in neither form (see scripts/standin_records.py)", standin_records.malformed_records(found)),
        ("stale entries of Tests/AppleStandIns/not-compared.txt", stale),
        ("declarations no recipe uses and nobody compared (remove them: declare only what a recipe uses)", unused),
        ("FIXED names a declaration that has no record", fixed_missing),
    ]
    kinds = [standin_records.record_kind(d.record) for d in compared]
    summary = (f"apple-symbols: {len(counted)} stand-in declarations, {len(used)} used by the recipes; "
               f"compared {len(compared)} ({kinds.count('sdk')} with SDK text, {kinds.count('new')} with iOS 27.1 pages, "
               f"{kinds.count('absent')} with pages for text the SDK archives lack, "
               f"{kinds.count('large')} with pages for SDK text too large to search): "
               f"same {len(compared) - len(fixed)}, fixed {len(fixed)}; not compared {len(listed)}")
    return {"problems": problems, "summary": summary}


def needed_declarations(found, names):
    """The declarations a recipe uses (used_by_recipes), with what they need to compile: the types
    they are members of, the stand-in types their declarations name, and every case of an enum."""
    types = {}
    for item in found:
        if item.kind in ("class", "struct", "enum", "protocol", "typealias", "actor"):
            types.setdefault(item.name, []).append(item)
    needed = [d for d in found if used_by_recipes(d, names)]
    seen = set(map(id, needed))
    while needed:
        item = needed.pop()
        more = []
        ancestor = item.parent
        while ancestor is not None:
            more += [ancestor] if ancestor.kind != "extension" else types.get(ancestor.name.split(".")[-1], [])
            if ancestor.kind == "extension":
                for name in IDENTIFIER.findall(ancestor.code):
                    more += types.get(name, [])
            ancestor = ancestor.parent
        for name in IDENTIFIER.findall(item.code):
            if name != item.name:
                more += types.get(name, [])
        # A default argument's value (`= .ignore`) names a static member.
        for name in re.findall(r"=\s*\.(\w+)", item.code):
            more += [d for d in found if d.name == name and d.kind in ("let", "var", "case")]
        if item.kind in ("class", "struct", "enum", "protocol", "actor"):
            more += [d for d in found if d.parent is not None and d.kind != "extension"
                     and (d.parent is item or (d.parent.kind == "extension" and d.parent.name.split(".")[-1] == item.name))
                     and (d.kind in ("case", "init", "subscript") or d.name in SUPPORT_NAMES)]
        for other in more:
            if id(other) not in seen:
                seen.add(id(other))
                needed.append(other)
    return [d for d in found if id(d) in seen and d.kind != "extension"]


# Declarations that exist for the compiler, not for a recipe's call: they share their type's record.
SUPPORT_KINDS = {"associatedtype"}
SUPPORT_NAMES = {"Body", "body", "rawValue", "RawValue", "buildBlock", "buildExpression", "buildIf",
                 "buildEither", "buildLimitedAvailability", "Element", "Index", "startIndex", "endIndex",
                 "projectedValue", "wrappedValue", "callAsFunction", "main", "Context", "Subviews", "Content",
                 "enqueue", "asUnownedSerialExecutor", "makeCache", "sizeThatFits", "placeSubviews", "path"}


def not_compared_list(root):
    """The used declarations nobody could compare yet, one `Module:Owner.name(labels:)` a line
    (after '#' a comment: the reason)."""
    path = Path(root) / "not-compared.txt"
    if not path.is_file():
        return set()
    keys = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        key = line.split("#", 1)[0].strip()
        if key:
            keys.add(key)
    return keys


def check_near_misses(files, root):
    """Xcode's 'nearly matches optional requirement' warning, which the Linux compiler cannot give:
    the stand-ins model Objective-C optional requirements as requirements with defaults, so a
    misspelt delegate method compiles there as an unrelated method. Exit 1 if a file has one."""
    requirements = standin_records.optional_requirements(standin_records.declarations(root))
    if not requirements:
        print(f"apple-symbols: no optional requirements marked '// optional' under {root}", file=sys.stderr)
        return 66
    count = 0
    for path in files:
        source = path.read_text(encoding="utf-8")
        for offset, message in standin_records.near_misses(source, requirements):
            line, column = standin_records.line_and_column(source, offset)
            print(f"{path}:{line}:{column}: error: {message}", file=sys.stderr)
            count += 1
    return 1 if count else 0


def facts_identifiers(path):
    text = Path(path).read_text(encoding="utf-8")
    spans = re.findall(r"`([^`]*)`", text)
    return {name for span in spans for name in IDENTIFIER.findall(span)}


def main(argv):
    mode, facts, root = "report", FACTS, DEFAULT_ROOT
    near_miss_files, stand_ins_dir = [], STAND_INS
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--near-misses":
            mode = "near-misses"
            near_miss_files, args = [Path(a) for a in args], []
        elif arg == "--stand-ins-dir":
            stand_ins_dir = Path(args.pop(0))
        elif arg in ("--check", "--summary", "--print-facts", "--stand-ins"):
            mode = arg[2:]
        elif arg == "--facts":
            facts = facts_identifiers(args.pop(0))
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            root = Path(arg)
    if mode == "stand-ins":
        return check_stand_ins(facts, root if root != DEFAULT_ROOT else STAND_INS)
    if mode == "near-misses":
        return check_near_misses(near_miss_files, stand_ins_dir)
    if mode == "print-facts":
        print("\n".join(sorted(facts)))
        return 0
    if not root.is_dir():
        print(f"apple-symbols: no folder {root}", file=sys.stderr)
        return 64
    report = classify(root, facts)
    if not report:
        print(f"apple-symbols: no Swift files under {root}", file=sys.stderr)
        return 66
    unknown = {path: groups["unknown"] for path, groups in report.items() if groups["unknown"]}

    if mode == "report":
        for path, groups in report.items():
            apple = sorted(groups["facts"] | groups["reviewed"] | groups["unknown"])
            if not apple:
                continue
            print(f"{path}:")
            for group in ("facts", "reviewed", "unknown"):
                if groups[group]:
                    print(f"  {group:8} {' '.join(sorted(groups[group]))}")
    elif mode == "summary":
        totals = {}
        for groups in report.values():
            for group, names in groups.items():
                totals.setdefault(group, set()).update(names)
        apple_files = sum(1 for groups in report.values() if groups["facts"] or groups["reviewed"] or groups["unknown"])
        print(f"{len(swift_files(root))} Swift files, {len(report)} import an Apple-only module, "
              f"{apple_files} use Apple SDK symbols")
        for group in ("facts", "reviewed", "unknown"):
            print(f"{group:8} {len(totals[group]):4} distinct: {' '.join(sorted(totals[group]))}")

    if unknown:
        print("unknown symbols (not in the project, the facts sheet or the reviewed list):", file=sys.stderr)
        for path, names in unknown.items():
            print(f"  {path}: {' '.join(sorted(names))}", file=sys.stderr)
        return 1 if mode == "check" else 0
    if mode == "check":
        print(f"apple-symbols: {len(report)} Swift files, no unknown symbol")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
