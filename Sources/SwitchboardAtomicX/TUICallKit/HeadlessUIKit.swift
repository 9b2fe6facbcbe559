import Foundation

// The other UIKit types the vendor API and its samples' view wiring name: `UIImage` (`CallCoreView`'s
// images), `UIColor` (`backgroundColor`). Headless stand-ins where UIKit is unavailable (Linux); on Apple
// platforms the real UIKit types are used (docs/TENCENT.md, "Headless UIKit").
#if !canImport(UIKit)
/// Headless stand-in for UIKit's `UIImage`: the file it was loaded from, if any.
open class UIImage: @unchecked Sendable {
    /// Where the image came from (`UIImage(contentsOfFile:)`), nil for an image made in memory.
    public let path: String?

    public init?(contentsOfFile path: String) {
        self.path = path
    }

    public init() {
        self.path = nil
    }
}

/// Headless stand-in for UIKit's `UIColor`: its RGBA components, 0…1.
open class UIColor: @unchecked Sendable, Equatable {
    /// The components, as given.
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// UIKit `init(red:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// UIKit `init(white:alpha:)`: a grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// UIKit `UIColor.clear`.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    /// UIKit `UIColor.black`.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// UIKit `UIColor.white`.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        (lhs.red, lhs.green, lhs.blue, lhs.alpha) == (rhs.red, rhs.green, rhs.blue, rhs.alpha)
    }
}
#endif

/// TUICommonDefine.h `typedef UIImage TUIImage`.
public typealias TUIImage = UIImage
