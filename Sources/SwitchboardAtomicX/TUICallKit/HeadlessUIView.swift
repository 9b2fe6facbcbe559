import Foundation

// The vendor API names UIKit's `UIView` (`startCameraTest(cameraView:)`, `TUIVideoView`,
// `CallCoreView`). Where UIKit is unavailable (Linux), this headless stand-in lets the view-wiring code
// around those calls compile and behave: a view tree with frames, bounds and autoresizing, drawn nowhere
// (docs/TENCENT.md, "Headless UIKit"). On Apple platforms the real UIKit type is used.
#if !canImport(UIKit)
/// Headless stand-in for UIKit's `UIView`: the view tree (`addSubview(_:)`, `removeFromSuperview()`,
/// `subviews`, `superview`), geometry (`frame`, `bounds`, `center`, autoresizing of subviews when a view's
/// size changes) and the state a renderer would read (`isHidden`, `backgroundColor`), as UIKit keeps
/// them. Nothing is drawn.
///
/// As UIKit's, a view is used from one thread (the main thread in an app).
open class UIView: @unchecked Sendable {
    // @unchecked: as UIKit's views, confined to one thread by the app; nothing here is locked.
    private var storedFrame: CGRect
    private var boundsOrigin: CGPoint = .zero
    private var children: [UIView] = []
    private weak var parent: UIView?
    private var needsLayout = false

    /// UIKit `init(frame:)`.
    public init(frame: CGRect) {
        storedFrame = frame
    }

    /// UIKit `init()`: a view with a zero frame.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// UIKit `frame`: the view's rectangle in its superview. A new size resizes ``bounds`` and, with
    /// ``autoresizesSubviews``, lays out the subviews by their ``autoresizingMask``.
    open var frame: CGRect {
        get { storedFrame }
        set {
            let old = storedFrame.size
            storedFrame = newValue
            sizeChanged(from: old)
        }
    }

    /// UIKit `bounds`: the view's own coordinate space, its frame's size at `bounds.origin` (zero
    /// unless set). Setting another size resizes the frame around its ``center``, as UIKit does.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: storedFrame.size) }
        set {
            boundsOrigin = newValue.origin
            let old = storedFrame.size
            guard newValue.size != old else { return }
            let center = self.center
            storedFrame = CGRect(x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
                                 width: newValue.width, height: newValue.height)
            sizeChanged(from: old)
        }
    }

    /// UIKit `center`: the middle of ``frame``; setting it moves the frame.
    open var center: CGPoint {
        get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            storedFrame.origin = CGPoint(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2)
        }
    }

    /// UIKit `autoresizingMask`: which of the view's margins and dimensions follow its superview's size.
    open var autoresizingMask: AutoresizingMask = []

    /// UIKit `autoresizesSubviews`: whether a size change lays out the subviews by their masks (default true).
    open var autoresizesSubviews = true

    // MARK: What a renderer would read

    /// UIKit `isHidden`: the view (and its subviews) are not shown.
    open var isHidden = false

    /// UIKit `backgroundColor`: nil, the default, is transparent.
    open var backgroundColor: UIColor?

    // MARK: The view tree

    /// UIKit `subviews`: the direct subviews, back to front.
    open var subviews: [UIView] { children }

    /// UIKit `superview`: the view this one is a subview of (held weakly, as UIKit's subviews hold
    /// their superview).
    open var superview: UIView? { parent }

    /// UIKit `addSubview(_:)`: adds `view` in front of the other subviews, first removing it from its
    /// superview; a view already here moves to the front. A view cannot be added to itself or to one of
    /// its own subviews (UIKit raises; so does this).
    open func addSubview(_ view: UIView) {
        precondition(!isDescendant(of: view), "UIView.addSubview(_:): can't add a view to itself or to one of its subviews")
        if view.parent === self {
            children.removeAll { $0 === view }
            children.append(view)
            return
        }
        view.removeFromSuperview()
        children.append(view)
        view.parent = self
        view.didMoveToSuperview()
        setNeedsLayout()
    }

    /// UIKit `removeFromSuperview()`: detaches the view from its superview (nothing happens without one).
    open func removeFromSuperview() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    /// UIKit `isDescendant(of:)`: whether `view` is this view or one of its ancestors.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.parent
        }
        return false
    }

    /// UIKit `didMoveToSuperview()`: called after the view was added to or removed from a superview.
    open func didMoveToSuperview() {}

    // MARK: Layout

    /// UIKit `layoutSubviews()`: subclasses place their subviews here; the default does nothing (the
    /// autoresizing masks were applied when the size changed).
    open func layoutSubviews() {}

    /// UIKit `setNeedsLayout()`: ``layoutIfNeeded()`` will call ``layoutSubviews()``.
    open func setNeedsLayout() {
        needsLayout = true
    }

    /// UIKit `layoutIfNeeded()`: runs ``layoutSubviews()`` now if a layout is pending (there is no
    /// display cycle here to run it later).
    open func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// After a size change: the subviews follow their masks, and a layout is pending.
    private func sizeChanged(from old: CGSize) {
        let new = storedFrame.size
        guard new != old else { return }
        if autoresizesSubviews {
            for child in children where !child.autoresizingMask.isEmpty {
                child.autoresize(from: old, to: new)
            }
        }
        setNeedsLayout()
    }

    /// UIKit's autoresizing: per axis, the superview's change in size is shared among the flexible parts
    /// (margin before, size, margin after) in proportion to their current lengths (equally when they
    /// are all zero); the fixed parts keep their lengths.
    private func autoresize(from old: CGSize, to new: CGSize) {
        let mask = autoresizingMask
        let (x, width) = Self.resize(start: storedFrame.minX, length: storedFrame.width, in: old.width, to: new.width,
                                     flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                                mask.contains(.flexibleRightMargin)))
        let (y, height) = Self.resize(start: storedFrame.minY, length: storedFrame.height, in: old.height, to: new.height,
                                      flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                                 mask.contains(.flexibleBottomMargin)))
        frame = CGRect(x: x, y: y, width: width, height: height)
    }

    private static func resize(start: CGFloat, length: CGFloat, in old: CGFloat, to new: CGFloat,
                               flexible: (before: Bool, size: Bool, after: Bool)) -> (CGFloat, CGFloat) {
        var parts = [start, length, old - start - length]
        let flags = [flexible.before, flexible.size, flexible.after]
        let flexibleCount = flags.filter { $0 }.count
        guard flexibleCount > 0 else { return (start, length) }
        let flexibleTotal = parts.indices.filter { flags[$0] }.map { parts[$0] }.reduce(0, +)
        let delta = new - old
        for index in parts.indices where flags[index] {
            let share = flexibleTotal != 0 ? parts[index] / flexibleTotal : 1 / CGFloat(flexibleCount)
            parts[index] += delta * share
        }
        return (parts[0], max(0, parts[1]))
    }
}

extension UIView {
    /// UIKit `UIView.AutoresizingMask` (`UIViewAutoresizing`, NS_OPTIONS(NSUInteger)): which parts of a
    /// view's frame follow its superview's size.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// UIViewAutoresizingFlexibleLeftMargin (1 << 0).
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// UIViewAutoresizingFlexibleWidth (1 << 1).
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// UIViewAutoresizingFlexibleRightMargin (1 << 2).
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// UIViewAutoresizingFlexibleTopMargin (1 << 3).
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// UIViewAutoresizingFlexibleHeight (1 << 4).
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// UIViewAutoresizingFlexibleBottomMargin (1 << 5).
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}
#endif

/// TUICommonDefine.h `typedef UIView TUIVideoView`: the view the engine renders a user's video into
/// (`openCamera(_:videoView:succ:fail:)`, `startRemoteView(userId:videoView:...)`); any `UIView`.
public typealias TUIVideoView = UIView
