import Foundation

/// One request the double received, as it arrived.
public struct RecordedRequest: Sendable {
    public var method: String
    public var path: String
    /// Header names in lowercase, in arrival order.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var arrivedAt: Date
    /// The HTTP version the request came over ("HTTP/2.0" for APNs pushes from an HTTP/2 client).
    public var version: String

    /// The first value of a header.
    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name == name }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (nil when it is not one).
    public var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }

    /// An APNs request's device token (`/3/device/<token>`), or an FCM send's `message.token`.
    public var deviceToken: String? {
        if path.hasPrefix("/3/device/") { return String(path.dropFirst("/3/device/".count)) }
        return (json?["message"] as? [String: Any])?["token"] as? String
    }
}
