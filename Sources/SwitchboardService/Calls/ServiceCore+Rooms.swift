import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    /// `call.joinRoom` (Tencent `joinInGroupCall`): joins the live call of `groupID` whose room is
    /// `roomID`, as `call.join` joins a call by its id. Only calls the user may join count: the user's own
    /// (invited, or joined before), or any advanced call when the app's join rule admits the whole app
    /// (docs/SECURITY.md, "Calls"); of several, the newest. With none, `call_not_found`, the same answer
    /// whether no such call exists or the user may not join it.
    func joinRoom(
        groupID: String,
        roomID: String,
        data: String?,
        from session: Session,
        in realm: Realm,
        at now: Timestamp,
        followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        // A call whose deadline has passed but not fired yet is over before this request.
        for id in (realm.liveCallsByGroup[groupID] ?? []).sorted() {
            expireOverdue(id, in: realm, at: now)
        }
        let joinable = (realm.liveCallsByGroup[groupID] ?? []).compactMap { realm.calls[$0]?.call }.filter {
            $0.roomID == roomID && realm.mayAct(on: $0, as: session.user, joining: true)
        }
        guard let call = joinable.max(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) else {
            return .failure(SignalingError(.call(.callNotFound), "no live call in room \(roomID) of group \(groupID)"))
        }
        return act(.join(data: data), on: call.id, from: session, in: realm, at: now, followUps: &followUps)
    }
}
