import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire

/// A cluster node as the network server of that node sees it (docs/ARCHITECTURE.md, "One node or
/// many"): the routes its service takes (``ClusterRouting``), and what the server's health check, admin
/// API, console and shutdown need of the cluster. The executable composes one in (SwitchboardCluster's
/// `ClusterNode`, on PostgreSQL); a single node has none, and its server links no cluster code.
public protocol ClusterMembership: ClusterRouting {
    /// The node's storage engine, whose every commit is fenced by the leases the node holds: the service
    /// of a cluster node keeps its state there and nowhere else.
    var engine: any ServiceStore { get }
    /// What the node's `/healthz` says.
    var health: ClusterHealth { get }
    /// How many apps the node hosts now (the `switchboard_cluster_apps_hosted` gauge).
    var hostedAppCount: Int { get }
    /// The node hosting `app` as this node last heard (itself included); nil while nobody does.
    func host(of app: AppID) -> String?
    /// `app`'s live calls as the cluster's store has them, whichever node hosts the app (the admin API
    /// and console of a node that does not host it).
    func storedLiveCalls(app: AppID) throws -> [Call]
    /// Asks the node hosting `app` to answer `request` from its service (docs/SERVER.md, "Cluster").
    /// Its answer is what that node's own route answers; its refusal is thrown as
    /// ``AdminForwardError/refused(_:)``.
    func forward(app: AppID, request: AdminRequest) async throws(AdminForwardError) -> JSONValue
    /// Joins the node to its server, once, before ``run()``: the service it routes for, where it reports
    /// for the server's metrics, and what answers the admin requests other nodes forward here (the
    /// server's own admin routes, so a forwarded request and a local one take one code path).
    func attach(_ service: SignalingService, observer: any ClusterObserver,
                answering: @escaping @Sendable (AppID, AdminRequest) -> AdminReply)
    /// Registers the node, then runs its leases and bus until cancelled.
    func run() async
    /// A drain: the node gives its apps up (their sessions are told to reconnect) and releases their
    /// leases for the other nodes to take at once.
    func handOver() async
}

/// What a cluster node's `/healthz` says (docs/SERVER.md, "Cluster").
public enum ClusterHealth: Sendable, Equatable {
    /// Not registered with the cluster yet.
    case starting
    case serving
    /// The node cannot prove it holds its leases (PostgreSQL is unreachable): it acts on no app.
    case fenced(String)
    case draining
}
