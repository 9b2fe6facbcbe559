import Foundation

/// Which live calls to ask for (`GET /v1/admin/calls/live?state=&user=&surface=&cursor=&limit=`): the
/// filters of `switchboard calls`, a page size and where to go on from.
public struct LiveCallsQuery: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, CaseIterable {
        case ringing, connected
    }

    /// The surfaces the vendor modules name in their hello: `agora`, `artm`, `zim`, `tencent` (AtomicXCore and
    /// TUICallEngine). Clients of no vendor say their own (`cli`, `loadtest`).
    public static let vendorSurfaces = ["agora", "artm", "zim", "tencent"]

    /// The page sizes the server takes, and the one it answers without a `limit`.
    public static let limits = 1...500
    public static let serverDefaultLimit = 100

    public var state: State?
    /// Calls this user takes part in (as the caller or a participant).
    public var user: String?
    /// Calls with a participant on this surface (``surfaceName(_:)``).
    public var surface: String?
    /// At most this many calls a page (``limits``).
    public var limit: Int?
    /// The previous page's `next`.
    public var cursor: String?

    public init(state: State? = nil, user: String? = nil, surface: String? = nil, limit: Int? = nil, cursor: String? = nil) {
        self.state = state
        self.user = user
        self.surface = surface
        self.limit = limit
        self.cursor = cursor
    }

    /// The surface `text` names as clients name theirs in their hello: 1 to 32 letters, digits, `-` or `_`,
    /// as the server takes them; `atomicx` (the module's name) is the Tencent surface's `tencent`. Nil for
    /// anything else.
    public static func surfaceName(_ text: String) -> String? {
        if text == "atomicx" { return "tencent" }
        let allowed = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        return (1...32).contains(text.utf8.count) && allowed ? text : nil
    }

    /// Whether any filter narrows the list.
    public var isFiltered: Bool { state != nil || user != nil || surface != nil }

    /// The filters as the command line spells them: `--state ringing --user bob`.
    public var filterOptions: String {
        [state.map { "--state \($0.rawValue)" }, user.map { "--user \($0)" }, surface.map { "--surface \($0)" }]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// The query string's items, in the order the endpoint documents them; absent values are left out.
    public var queryItems: [URLQueryItem] {
        [
            state.map { URLQueryItem(name: "state", value: $0.rawValue) },
            user.map { URLQueryItem(name: "user", value: $0) },
            surface.map { URLQueryItem(name: "surface", value: $0) },
            cursor.map { URLQueryItem(name: "cursor", value: $0) },
            limit.map { URLQueryItem(name: "limit", value: String($0)) },
        ].compactMap { $0 }
    }
}
