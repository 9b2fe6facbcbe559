import Foundation
import SwitchboardUserSig

// Tencent's debug helper (TUICallKit `Debug/GenerateTestUserSig.swift`), which the call samples
// use to make a UserSig on the device. As in the vendor's file, it is for debugging and samples
// only: an app that ships its SecretKey lets anyone log in as anyone. Production UserSigs come
// from the app's server.

/// How long a UserSig from ``GenerateTestUserSig`` stays valid, in seconds: 7 × 24 × 60 × 60 =
/// 604800, 7 days (the vendor helper's value).
public let EXPIRETIME: Int = 604_800

/// Makes test UserSigs on the client, as Tencent's `GenerateTestUserSig` does: TLSSigAPIv2 version
/// 2 (see ``/SwitchboardUserSig/UserSig``), issued now and valid for ``EXPIRETIME`` seconds. The service accepts them
/// when its app for `sdkAppID` has `secretKey` as its secret (`UserSigTokenVerifier`).
///
/// ```swift
/// let sdkAppID: Int = 1400000001
/// let userSig = GenerateTestUserSig.genTestUserSig(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey)
/// ```
public enum GenerateTestUserSig {
    /// A UserSig for `userID` of the app `sdkAppID`, signed with the app's `secretKey`, issued at
    /// the current time and valid for ``EXPIRETIME`` seconds.
    public static func genTestUserSig(userID: String, sdkAppID: Int, secretKey: String) -> String {
        genTestUserSig(userID: userID, sdkAppID: Int64(sdkAppID), secretKey: secretKey, now: Date())
    }

    /// The `Int32` form, for code that holds the `sdkAppID` as AtomicXCore's `LoginStore` declares it.
    public static func genTestUserSig(userID: String, sdkAppID: Int32, secretKey: String) -> String {
        genTestUserSig(userID: userID, sdkAppID: Int64(sdkAppID), secretKey: secretKey, now: Date())
    }

    /// A UserSig issued at `now` (in whole seconds, rounded down, as the vendor helper does).
    static func genTestUserSig(userID: String, sdkAppID: Int64, secretKey: String, now: Date) -> String {
        UserSig.generate(
            userID: userID, sdkAppID: sdkAppID, secretKey: secretKey, expire: Int64(EXPIRETIME),
            now: Int64(now.timeIntervalSince1970.rounded(.down)))
    }
}
