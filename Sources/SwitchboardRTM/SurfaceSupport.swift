/// Helpers the surfaces share.
public enum RTMSurface {
    /// Converts an engine code to the surface's enum of the same raw values (Agora and anyRTC share them
    /// all; `Tests/SwitchboardAgoraTests` checks every case both ways).
    public static func convert<Vendor: RawRepresentable>(_ code: some RawRepresentable<Int>) -> Vendor
    where Vendor.RawValue == Int {
        guard let vendor = Vendor(rawValue: code.rawValue) else {
            preconditionFailure("\(Vendor.self) has no case \(code.rawValue)")
        }
        return vendor
    }
}

/// A vendor callback (a plain, non-`Sendable` closure the app passed) carried to the callback queue,
/// which is the only place it is called.
public struct VendorCallback<each Argument>: @unchecked Sendable {
    // @unchecked: the closure is only ever invoked on the kit's serial callback queue, as the vendor
    // SDKs do; it is never called concurrently.
    private let body: ((repeat each Argument) -> Void)?

    public init(_ body: ((repeat each Argument) -> Void)?) {
        self.body = body
    }

    public func callAsFunction(_ argument: repeat each Argument) {
        body?(repeat each argument)
    }
}
