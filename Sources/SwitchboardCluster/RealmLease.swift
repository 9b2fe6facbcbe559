import SwitchboardService

/// One node's hold on one app: while it is live, only that node writes the app's state
/// (docs/SERVER.md, "PostgreSQL store"). The epoch grows each time the lease changes hands, so a write
/// made under an older hold is refused (fenced) even by a node that still believes it holds the app.
public struct RealmLease: Sendable, Hashable {
    public var app: AppID
    public var node: String
    public var epoch: Int64

    public init(app: AppID, node: String, epoch: Int64) {
        self.app = app
        self.node = node
        self.epoch = epoch
    }
}
