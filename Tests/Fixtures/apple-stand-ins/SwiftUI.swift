// Stand-in for the part of SwiftUI the media player and the duo-app layer use. No behaviour:
// every view's body is `Never`, every modifier returns `ModifiedView`.
@_exported import UIKit

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { return fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { return fatalError() }
}

/// What every modifier and builder returns here.
public struct ModifiedView: View {
    public init() {}
    public var body: Never { return fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { return fatalError() }
}

@MainActor @resultBuilder public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> V { view }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<V: View>(_ view: V) -> V { view }
    public static func buildBlock<each V: View>(_ views: repeat each V) -> ModifiedView { ModifiedView() }
    public static func buildIf<V: View>(_ view: V?) -> V? { view }
    public static func buildEither<A: View, B: View>(first: A) -> _Either<A, B> { _Either() }
    public static func buildEither<A: View, B: View>(second: B) -> _Either<A, B> { _Either() }
    public static func buildLimitedAvailability<V: View>(_ view: V) -> ModifiedView { ModifiedView() }
}

public struct _Either<A: View, B: View>: View {
    public var body: Never { return fatalError() }
}

// MARK: - Values

public struct Font: Sendable {
    public struct Weight: Sendable {
        public static let semibold = Weight()
        public static let bold = Weight()
    }
    public static let largeTitle = Font(), title2 = Font(), headline = Font(), subheadline = Font()
    public static let body = Font(), callout = Font(), footnote = Font(), caption = Font()
    public func bold() -> Font { self }
    public func weight(_ weight: Weight) -> Font { self }
    public func monospacedDigit() -> Font { self }
}

public protocol ShapeStyle: Sendable {}

public struct Color: View, ShapeStyle {
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {}
    init() {}
    public static let black = Color(), white = Color(), clear = Color()
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { return fatalError() }
}

extension ShapeStyle where Self == Color {
    public static var white: Color { Color() }
    public static var black: Color { Color() }
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let secondary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

public struct TintShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

public struct UnitPoint: Sendable {
    public static let topLeading = UnitPoint(), bottomTrailing = UnitPoint(), center = UnitPoint()
}

public struct LinearGradient: ShapeStyle, View {
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { return fatalError() }
}

public struct Alignment: Sendable {
    public static let center = Alignment(), bottom = Alignment(), leading = Alignment()
    public static let topLeading = Alignment(), bottomTrailing = Alignment()
}

public struct HorizontalAlignment: Sendable {
    public static let leading = HorizontalAlignment(), center = HorizontalAlignment()
}

public struct VerticalAlignment: Sendable {
    public static let center = VerticalAlignment()
}

public enum Edge: Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom]
    }
}

public enum VerticalEdge: Sendable {
    case top, bottom
}

public enum ContentMode: Sendable {
    case fit, fill
}

public enum TextAlignment: Sendable {
    case leading, center, trailing
}

public enum ColorScheme: Sendable {
    case light, dark
}

public struct AccessibilityChildBehavior: Sendable {
    public static let ignore = AccessibilityChildBehavior(), contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

public struct Glass: Sendable {
    public static let regular = Glass()
}

public enum NavigationSplitViewVisibility: Sendable, Hashable {
    case automatic, all, doubleColumn, detailOnly
}

public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

public enum ScenePhase: Sendable, Hashable {
    case background, inactive, active
}

// MARK: - Views

public protocol Shape: View, Sendable {}

extension Shape {
    public var body: Never { return fatalError() }
    public func fill<S: ShapeStyle>(_ content: S) -> ModifiedView { ModifiedView() }
}

public struct RoundedRectangle: Shape {
    public init(cornerRadius: CGFloat) {}
}

public struct Rectangle: Shape {
    public init() {}
}

public struct Capsule: Shape {
    public init() {}
}

public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { return fatalError() }
}

public struct Image: View {
    public init(systemName: String) {}
    public func resizable() -> Image { self }
    public var body: Never { return fatalError() }
}

public struct Label<Title: View, Icon: View>: View {
    public var body: Never { return fatalError() }
}

extension Label where Title == Text, Icon == Image {
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

public struct Button<Content: View>: View {
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Content) {}
    public var body: Never { return fatalError() }
}

extension Button where Content == Text {
    @preconcurrency public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { return fatalError() }
}

public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { return fatalError() }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { return fatalError() }
}

public struct ScrollView<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { return fatalError() }
}

public struct Spacer: View {
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { return fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, Content: View>: View where Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { return fatalError() }
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    public init(selection: Binding<SelectionValue?>, @ViewBuilder content: () -> Content) {}
    public var body: Never { return fatalError() }
}

public struct Section<Content: View>: View {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
    public var body: Never { return fatalError() }
}

public struct Menu<Content: View, MenuLabel: View>: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> MenuLabel) {}
    public var body: Never { return fatalError() }
}

public struct Toggle: View {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
    public var body: Never { return fatalError() }
}

public struct Slider: View {
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {}
    public var body: Never { return fatalError() }
}

public struct ContentUnavailableView: View {
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {}
    public var body: Never { return fatalError() }
}

public struct NavigationSplitView<Sidebar: View, Detail: View>: View {
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>,
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
    ) {}
    public var body: Never { return fatalError() }
}

public protocol ToolbarContent {}

@resultBuilder public enum ToolbarContentBuilder {
    public static func buildBlock<C: ToolbarContent>(_ content: C) -> C { content }
}

public struct ToolbarItemPlacement: Sendable {
    public static let primaryAction = ToolbarItemPlacement()
}

public struct ToolbarItem<Content: View>: ToolbarContent {
    public init(placement: ToolbarItemPlacement, @ViewBuilder content: () -> Content) {}
}

public struct PeriodicTimelineSchedule: Sendable {
    public init(from startDate: Date, by interval: TimeInterval) {}
}

extension PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

public struct TimelineView<Content: View>: View {
    public struct Context {}
    public init(_ schedule: PeriodicTimelineSchedule, @ViewBuilder content: @escaping (Context) -> Content) {}
    public var body: Never { return fatalError() }
}

// MARK: - Layout

public struct ProposedViewSize: Sendable {
    public init(width: CGFloat?, height: CGFloat?) {}
    public init(_ size: CGSize) {}
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize { size }
}

public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public struct LayoutSubview: Sendable {
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value { K.defaultValue }
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {}
}

public struct LayoutSubviews: RandomAccessCollection, Sendable {
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(index: Int) -> LayoutSubview { LayoutSubview() }
}

@preconcurrency public protocol Layout: Sendable {
    typealias Subviews = LayoutSubviews
    associatedtype Cache = Void
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
}

extension Layout {
    @MainActor public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> ModifiedView { ModifiedView() }
}

public struct AnyLayout: Layout {
    public init<L: Layout>(_ layout: L) {}
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

public struct HStackLayout: Layout {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {}
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

public struct VStackLayout: Layout {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {}
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

// MARK: - Geometry and the fold (iOS 27.1)

public struct ReservedRegion: Sendable, Equatable {
    public struct Kind: Sendable, Equatable {
        public static let division = Kind(), occlusion = Kind()
    }
    public struct QueryOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let includeInactive = QueryOptions(rawValue: 1)
    }
    public var frame: CGRect { .zero }
    public var isActive: Bool { false }
}

public enum LayoutDirectionBehavior: Sendable {
    case fixed, mirrors
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
    public func reservedRegions(
        kind: ReservedRegion.Kind, options: ReservedRegion.QueryOptions = [],
        layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors
    ) -> [ReservedRegion] { [] }
}

// MARK: - State

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@propertyWrapper public struct State<Value> {
    public init(initialValue value: Value) {}
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

@propertyWrapper @dynamicMemberLookup public struct Bindable<Value: AnyObject> {
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value { fatalError() }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

public struct EnvironmentValues {
    public var scenePhase: ScenePhase { .active }
}

@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

// MARK: - App and UIKit hosting

@MainActor @preconcurrency public protocol Scene {}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
}

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    init()
    @SceneBuilder var body: Body { get }
}

extension App {
    public static func main() {}
}

public struct UIViewRepresentableContext {}

@MainActor @preconcurrency public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    typealias Context = UIViewRepresentableContext
    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
}

extension UIViewRepresentable {
    public var body: Never { return fatalError() }
}

public struct _ViewModifier_Content: View {
    public var body: Never { return fatalError() }
}

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content
    @ViewBuilder func body(content: Content) -> Body
}

// MARK: - Modifiers

public struct ButtonStyleChoice: Sendable {
    public static let plain = ButtonStyleChoice(), borderedProminent = ButtonStyleChoice()
}

extension View {
    public func font(_ font: Font?) -> ModifiedView { ModifiedView() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedView { ModifiedView() }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedView { ModifiedView() }
    public func padding(_ length: CGFloat? = nil) -> ModifiedView { ModifiedView() }
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> ModifiedView { ModifiedView() }
    public func contentShape<S: Shape>(_ shape: S) -> ModifiedView { ModifiedView() }
    public func buttonStyle(_ style: ButtonStyleChoice) -> ModifiedView { ModifiedView() }
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedView { ModifiedView() }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedView { ModifiedView() }
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedView { ModifiedView() }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedView { ModifiedView() }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedView { ModifiedView() }
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedView { ModifiedView() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedView { ModifiedView() }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedView { ModifiedView() }
    public func background<V: View>(_ content: V) -> ModifiedView { ModifiedView() }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> ModifiedView { ModifiedView() }
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedView { ModifiedView() }
    public func scaledToFit() -> ModifiedView { ModifiedView() }
    public func lineLimit(_ number: Int?) -> ModifiedView { ModifiedView() }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedView { ModifiedView() }
    public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> ModifiedView { ModifiedView() }
    public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> ModifiedView { ModifiedView() }
    public func navigationTitle<S: StringProtocol>(_ title: S) -> ModifiedView { ModifiedView() }
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> ModifiedView { ModifiedView() }
    public func toolbar<C: ToolbarContent>(@ToolbarContentBuilder content: () -> C) -> ModifiedView { ModifiedView() }
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V
    ) -> ModifiedView { ModifiedView() }
    public func onGeometryChange<T: Equatable & Sendable>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void
    ) -> ModifiedView { ModifiedView() }
    public func fullScreenCover<V: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> V
    ) -> ModifiedView { ModifiedView() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> ModifiedView {
        ModifiedView()
    }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> ModifiedView { ModifiedView() }
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> ModifiedView { ModifiedView() }
    public func ignoresSafeArea() -> ModifiedView { ModifiedView() }
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedView { ModifiedView() }
}
