import Foundation
import SwitchboardWire

/// The server URLs a client is configured with: one Switchboard server, or several nodes of a cluster
/// that any of which serves any client (docs/ARCHITECTURE.md, "Several server URLs").
public enum ServerURLList {
    /// The URLs of `list`, in order: `SWITCHBOARD_URL`'s form, one URL or several separated by commas,
    /// whitespace around each ignored (`ws://127.0.0.1:7481/v1/signal, ws://127.0.0.1:7482/v1/signal`).
    /// Throws ``/SwitchboardWire/ServiceErrorCode/invalidServerURL`` for an empty entry (`a,,b`, a trailing comma, an
    /// empty list) or one that is not a `ws://` or `wss://` URL with a host.
    public static func parse(_ list: String) throws(SignalingError) -> [String] {
        let entries = list.split(separator: ",", omittingEmptySubsequences: false)
        return try validated(entries.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
    }

    /// `urls` once each is checked as ``parse(_:)`` checks the entries of a list; throws
    /// ``/SwitchboardWire/ServiceErrorCode/invalidServerURL`` for none at all, or for the first entry that is not a
    /// server URL.
    public static func validated(_ urls: [String]) throws(SignalingError) -> [String] {
        guard !urls.isEmpty else {
            throw SignalingError(.invalidServerURL, "no server URL given")
        }
        for (index, url) in urls.enumerated() {
            let which = urls.count == 1 ? "the server URL" : "server URL \(index + 1) of \(urls.count)"
            guard !url.isEmpty else {
                throw SignalingError(.invalidServerURL, "\(which) is empty")
            }
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
                  let host = parsed.host, !host.isEmpty else {
                throw SignalingError(.invalidServerURL, "\(which), \(String(reflecting: url)), is not a ws:// or wss:// URL with a host")
            }
        }
        return urls
    }
}
