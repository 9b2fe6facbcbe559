import SwitchboardCore

/// An admin request that the node hosting an app answers from its own service, through the same code as
/// its own HTTP routes: a cluster node that does not host the app forwards it there (docs/SERVER.md,
/// "Cluster"; ``ClusterMembership/forward(app:request:)``).
public enum AdminRequest: Sendable, Equatable {
    /// `POST /v1/admin/calls/{call}/end`.
    case endCall(CallID)
    /// `GET /v1/admin/calls/{call}/timeline`.
    case timeline(CallID)
    /// `GET /v1/admin/sessions?user=&surface=&cursor=&limit=`.
    case sessions(user: UserID?, surface: String?, cursor: String?, limit: Int)
}
