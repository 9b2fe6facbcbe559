import Foundation
import Testing
import SwitchboardAtomicX
import SwitchboardTesting

/// The headless `UIView` (docs/TENCENT.md, "Headless UIKit"): the members view-wiring code touches around
/// `TUIVideoView` and `CallCoreView`, behaving as UIKit's do.
@Suite("Tencent surface: headless UIView")
struct HeadlessUIViewTests {
    @Test("the view tree: addSubview, removeFromSuperview, subviews (back to front), superview")
    func tree() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = UIView()
        let b = TUIVideoView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        root.addSubview(a)
        root.addSubview(b)
        #expect(root.subviews.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(a.superview === root && b.superview === root)
        #expect(b.isDescendant(of: root) && b.isDescendant(of: b) && !root.isDescendant(of: b))
        // Adding again brings it to the front; adding elsewhere moves it.
        root.addSubview(a)
        #expect(root.subviews.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))
        let other = UIView()
        other.addSubview(b)
        #expect(b.superview === other)
        #expect(root.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(a)])
        b.removeFromSuperview()
        #expect(b.superview == nil && other.subviews.isEmpty)
        b.removeFromSuperview()
        #expect(b.superview == nil)
    }

    @Test("frame, bounds and center: bounds is the frame's size at its own origin; a new bounds size keeps the center")
    func geometry() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        view.bounds = CGRect(x: 5, y: 5, width: 40, height: 10)
        #expect(view.frame == CGRect(x: 40, y: 40, width: 40, height: 10))
        #expect(view.bounds.origin == CGPoint(x: 5, y: 5))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -20, y: -5, width: 40, height: 10))
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(view.bounds.size == CGSize(width: 200, height: 100))
    }

    @Test("autoresizingMask: flexible parts share the superview's size change in proportion; fixed ones keep theirs")
    func autoresizing() {
        #expect(UIView.AutoresizingMask.flexibleLeftMargin.rawValue == 1)
        #expect(UIView.AutoresizingMask.flexibleWidth.rawValue == 2)
        #expect(UIView.AutoresizingMask.flexibleRightMargin.rawValue == 4)
        #expect(UIView.AutoresizingMask.flexibleTopMargin.rawValue == 8)
        #expect(UIView.AutoresizingMask.flexibleHeight.rawValue == 16)
        #expect(UIView.AutoresizingMask.flexibleBottomMargin.rawValue == 32)

        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let filling = UIView(frame: root.bounds)
        filling.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let fixed = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let pinnedRight = UIView(frame: CGRect(x: 70, y: 0, width: 20, height: 20))
        pinnedRight.autoresizingMask = [.flexibleLeftMargin]
        let shared = UIView(frame: CGRect(x: 25, y: 0, width: 50, height: 10))
        shared.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
        for view in [filling, fixed, pinnedRight, shared] { root.addSubview(view) }

        root.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        #expect(filling.frame == CGRect(x: 0, y: 0, width: 200, height: 300))
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(pinnedRight.frame == CGRect(x: 170, y: 0, width: 20, height: 20))
        #expect(shared.frame == CGRect(x: 50, y: 0, width: 100, height: 10))

        // Nested: the filling view's own subviews follow it.
        let inner = UIView(frame: filling.bounds)
        inner.autoresizingMask = [.flexibleWidth]
        filling.addSubview(inner)
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 300)
        #expect(inner.frame.width == 100)
        // autoresizesSubviews off: nothing follows.
        root.autoresizesSubviews = false
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(filling.frame.size == CGSize(width: 100, height: 300))
    }

    @Test("isHidden, backgroundColor, and layoutIfNeeded running layoutSubviews once per pending layout")
    func stateAndLayout() {
        final class Counting: UIView, @unchecked Sendable {
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
            }
        }
        let view = Counting(frame: .zero)
        #expect(!view.isHidden && view.backgroundColor == nil)
        view.isHidden = true
        view.backgroundColor = UIColor.clear
        #expect(view.isHidden && view.backgroundColor == UIColor(white: 0, alpha: 0))
        view.layoutIfNeeded()
        #expect(view.layouts == 0)
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.addSubview(UIView())
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
    }

    @Test("TUIVideoView is UIView: the engine renders into any view, as KIT35 passes its UIViews")
    func videoViewIsAnyView() async throws {
        let world = TestWorld()
        let users = try await tencentUsers("alice", "bob", in: world)
        let (alice, bob) = (users[0], users[1])
        let videoView: UIView = UIView(frame: CGRect(x: 0, y: 0, width: 90, height: 160))
        videoView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let opened = try await alice.awaiting.engineCall(in: world) { succ, fail in
            alice.engine.openCamera(.front, videoView: videoView, succ: succ, fail: fail)
        }
        #expect(opened.isSuccess)
        _ = try await alice.ring([bob], in: world)
        let playing = try await world.completion { (done: @escaping @Sendable (Box<String>) -> Void) in
            bob.engine.startRemoteView(userId: "alice", videoView: videoView, onPlaying: { done(Box($0)) },
                                       onLoading: { _ in }, onError: { _, _, _ in })
        }.value
        #expect(playing == "alice")
    }
}
