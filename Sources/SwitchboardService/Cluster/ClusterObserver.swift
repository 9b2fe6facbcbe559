/// What a cluster node reports for its metrics (the server's `/metrics`, docs/SERVER.md, "Cluster").
/// Called from the node's own tasks; must return at once.
public protocol ClusterObserver: Sendable {
    /// Messages sent on the bus (in the notifications of one send).
    func busSent(messages: Int)
    /// A batch of messages received, and how long it took from the sender's clock to this node's.
    func busReceived(messages: Int, latency: Duration)
    /// This node took an app over (its calls are adopted from the store).
    func adopted(app: String)
    /// A lease renewal round: whether PostgreSQL answered.
    func leaseRenewal(succeeded: Bool)
}

/// Reports nothing: a node's observer until its server attaches one.
public struct UnobservedCluster: ClusterObserver {
    public init() {}
    public func busSent(messages: Int) {}
    public func busReceived(messages: Int, latency: Duration) {}
    public func adopted(app: String) {}
    public func leaseRenewal(succeeded: Bool) {}
}
