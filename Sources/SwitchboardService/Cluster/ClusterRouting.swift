import SwitchboardCore
import SwitchboardWire

/// A cluster node's knowledge of which node hosts each app (docs/ARCHITECTURE.md, "One node or many").
///
/// In a cluster each app (each realm: its sessions, calls and channels) is hosted by one node at a time,
/// under a lease; the other nodes accept the app's clients and bridge their connections to that node,
/// as LiveKit's nodes bridge to the node hosting a room. A service given a router hosts no app until
/// told to (``SignalingService/host(_:)``), and sends the hellos of apps it does not host along the
/// route this gives.
public protocol ClusterRouting: Sendable {
    /// The route to the node hosting `app`, for `connection`, whose hello names the app; nil when no node
    /// hosts it at the moment (a takeover is under way), and the client is refused `overloaded` and
    /// retries.
    ///
    /// Called under the service's lock: answers from what the node knows, never waits.
    func route(app: AppID, for connection: ConnectionID) -> (any ClusterRoute)?

    /// The service stopped hosting `app` (it was drained, or its lease was lost): the node stops renewing
    /// the lease. Called under the service's lock: only queues.
    func stoppedHosting(_ app: AppID)

    /// This node's name, which the console's timelines show for each step (docs/SERVER.md, "Console").
    var nodeName: String? { get }
}

extension ClusterRouting {
    public var nodeName: String? { nil }
}

/// One bridged connection: what its client sends goes to the hosting node, whose answers come back
/// through `SignalingService.deliverRouted(_:to:)`.
///
/// Called under the service's lock: both methods only queue.
public protocol ClusterRoute: AnyObject, Sendable {
    /// The node at the other end.
    var node: String { get }
    /// Sends a client frame on to the hosting node, in order.
    func forward(_ frame: ClientFrame)
    /// The client's connection closed: the hosting node detaches its session.
    func closed()
}
