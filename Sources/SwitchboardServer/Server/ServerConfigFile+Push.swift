import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService

extension ServerConfigFile {
    /// An app's `push` (docs/SERVER.md, "Push"): the provider credentials the server sends with, as paths to
    /// the files that hold them. The files are read when the server starts, never logged, never shown by the
    /// admin API or the console.
    ///
    /// ```json
    /// "push": {
    ///   "apns": {"keyFile": "AuthKey_ABC123DEFG.p8", "keyID": "ABC123DEFG", "teamID": "DEF123GHIJ",
    ///            "bundleID": "com.example.app"},
    ///   "fcm": {"serviceAccountFile": "service-account.json", "package": "com.example.app"},
    ///   "queueCapacity": 1000, "timeoutSeconds": 10, "attempts": 3
    /// }
    /// ```
    public struct PushSettings: Sendable, Equatable {
        public var apns: APNs?
        public var fcm: FCM?
        /// The most pushes waiting to be sent for the app; past it a push is dropped and counted.
        public var queueCapacity: Int = 1000
        /// How many of the app's pushes are in flight at once (HTTP/2 streams to the providers).
        public var concurrency: Int = 100
        /// How long one request to a provider may take.
        public var timeoutSeconds: Int = 10
        /// How many times a push is tried (a 429 or 5xx, or no answer, is tried again with backoff).
        public var attempts: Int = 3
        /// A PEM file of extra certificate authorities to trust for the providers' TLS (a provider behind a
        /// private CA; the tests' local provider).
        public var trustRootsFile: String?

        /// Token-based APNs (a `.p8` signing key).
        public struct APNs: Sendable, Equatable {
            public var keyFile: String
            public var keyID: String
            public var teamID: String
            public var bundleID: String
            /// Overrides for the production and sandbox hosts (`https://api.push.apple.com`,
            /// `https://api.sandbox.push.apple.com`).
            public var productionURL: String?
            public var sandboxURL: String?
        }

        /// FCM HTTP v1 with a service account.
        public struct FCM: Sendable, Equatable {
            public var serviceAccountFile: String
            /// The Android package the app's FCM tokens are registered under (the topic `push.register`
            /// checks); any when absent.
            public var package: String?
            /// Overrides for `https://fcm.googleapis.com` and the service account's `token_uri`.
            public var url: String?
            public var tokenURL: String?
        }

        /// The topics a device may register tokens for (``/SwitchboardService/AppConfiguration/pushTopics``):
        /// the APNs bundle and the FCM package. Empty (any) when FCM names no package, so that an Android
        /// app is not refused for a package the file does not know.
        var topics: [String] {
            if fcm != nil && fcm?.package == nil { return [] }
            return [apns?.bundleID, fcm?.package].compactMap { $0 }
        }
    }

    static func pushSettings(_ value: JSONValue, at path: String) throws(Invalid) -> PushSettings {
        guard let object = value.objectValue else { throw Invalid(path: path, reason: "must be an object") }
        try allowOnly(object, ["apns", "fcm", "queueCapacity", "concurrency", "timeoutSeconds", "attempts", "trustRootsFile"],
                      at: path)
        var settings = PushSettings()
        if let apns = object["apns"] {
            guard let fields = apns.objectValue else { throw Invalid(path: "\(path).apns", reason: "must be an object") }
            try allowOnly(fields, ["keyFile", "keyID", "teamID", "bundleID", "productionURL", "sandboxURL"], at: "\(path).apns")
            settings.apns = PushSettings.APNs(
                keyFile: try text(fields["keyFile"], at: "\(path).apns.keyFile"),
                keyID: try text(fields["keyID"], at: "\(path).apns.keyID"),
                teamID: try text(fields["teamID"], at: "\(path).apns.teamID"),
                bundleID: try text(fields["bundleID"], at: "\(path).apns.bundleID"),
                productionURL: try url(fields["productionURL"], at: "\(path).apns.productionURL"),
                sandboxURL: try url(fields["sandboxURL"], at: "\(path).apns.sandboxURL"))
        }
        if let fcm = object["fcm"] {
            guard let fields = fcm.objectValue else { throw Invalid(path: "\(path).fcm", reason: "must be an object") }
            try allowOnly(fields, ["serviceAccountFile", "package", "url", "tokenURL"], at: "\(path).fcm")
            settings.fcm = PushSettings.FCM(
                serviceAccountFile: try text(fields["serviceAccountFile"], at: "\(path).fcm.serviceAccountFile"),
                package: try fields["package"].map { (value) throws(Invalid) in try text(value, at: "\(path).fcm.package") },
                url: try url(fields["url"], at: "\(path).fcm.url"),
                tokenURL: try url(fields["tokenURL"], at: "\(path).fcm.tokenURL"))
        }
        guard settings.apns != nil || settings.fcm != nil else {
            throw Invalid(path: path, reason: "must configure apns, fcm or both")
        }
        settings.queueCapacity = try positive(object["queueCapacity"], at: "\(path).queueCapacity") ?? settings.queueCapacity
        settings.concurrency = try positive(object["concurrency"], at: "\(path).concurrency") ?? settings.concurrency
        settings.timeoutSeconds = try positive(object["timeoutSeconds"], at: "\(path).timeoutSeconds") ?? settings.timeoutSeconds
        settings.attempts = try positive(object["attempts"], at: "\(path).attempts") ?? settings.attempts
        if let file = object["trustRootsFile"] {
            settings.trustRootsFile = try text(file, at: "\(path).trustRootsFile")
        }
        return settings
    }

    private static func text(_ value: JSONValue?, at path: String) throws(Invalid) -> String {
        guard let text = value?.stringValue, !text.isEmpty else { throw Invalid(path: path, reason: "must be a non-empty string") }
        return text
    }

    private static func url(_ value: JSONValue?, at path: String) throws(Invalid) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue, let url = URL(string: text), url.scheme == "https", url.host != nil else {
            throw Invalid(path: path, reason: "must be an https:// URL")
        }
        return text
    }
}
