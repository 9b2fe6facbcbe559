import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardUserSig

/// `switchboard token`: mints a login token for a user of a configured app.
struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mint a login token: a Switchboard JWT (HS256), or a Tencent UserSig with --usersig.")

    @Option(help: "The configuration file that holds the app and its secret.")
    var config: String

    @Option(help: "The app id (as in the configuration file).")
    var app: String

    @Option(help: "The user id.")
    var user: String

    @Option(help: "Seconds until the token expires.")
    var ttl = 86_400

    @Flag(help: "Mint a Tencent UserSig (TLSSigAPIv2) for the app's numeric vendor id instead of a JWT.")
    var usersig = false

    func run() async throws {
        let file = try ServerConfigFile.load(path: config)
        guard let app = file.apps.first(where: { $0.id.rawValue == self.app }) else {
            throw ValidationError("no app \(String(reflecting: self.app)) in \(config)")
        }
        guard UserID(user).isValid else { throw ValidationError("invalid user id \(String(reflecting: user))") }
        guard ttl > 0 else { throw ValidationError("--ttl must be positive") }
        if usersig {
            guard let sdkAppID = app.vendorIDs.compactMap(Int64.init).first else {
                throw ValidationError("app \(app.id) has no numeric vendor id to sign a UserSig for")
            }
            print(UserSig.generate(userID: user, sdkAppID: sdkAppID, secretKey: app.secret, expire: Int64(ttl),
                                   now: Int64(Date().timeIntervalSince1970)))
        } else {
            print(try await SwitchboardToken.mint(app: app, user: UserID(user), expiresAt: Date().addingTimeInterval(Double(ttl))))
        }
    }
}
