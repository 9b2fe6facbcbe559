import SwitchboardService

/// A write refused because its store's lease is no longer current: another node took the app over (a
/// newer epoch), or the lease expired (docs/SERVER.md, "PostgreSQL store"). Nothing of the write was
/// kept; the node must stop serving the app.
public struct StoreFenced: Error, Sendable, Hashable, CustomStringConvertible {
    public var app: AppID
    public var node: String
    public var epoch: Int64

    public init(app: AppID, node: String, epoch: Int64) {
        self.app = app
        self.node = node
        self.epoch = epoch
    }

    public var description: String {
        "the lease of app \(app) held by node \(node) at epoch \(epoch) is no longer current: nothing was written"
    }
}
