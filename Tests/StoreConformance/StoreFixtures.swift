import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// What the store engines' tests write: records, live calls and profiles that every engine must give back
/// alike.
public enum StoreFixtures {
    /// A record of `call` for `owner`, recorded at `ms` (the call started a second earlier).
    public static func record(_ call: String, owner: UserID = "bob", at ms: Int64) -> CallRecord {
        CallRecord(
            callID: CallID(call), owner: owner, caller: "alice", participants: ["alice", "bob"], mode: .general,
            mediaType: .audio, roomID: nil, groupID: nil, direction: .incoming, outcome: .accepted, endReason: .allAnswered,
            answeredOn: "bob-1", startedAt: Timestamp(millisecondsSince1970: ms - 1000), duration: .seconds(3),
            recordedAt: Timestamp(millisecondsSince1970: ms))
    }

    /// 2026-01-01T00:00:00Z.
    public static let t0 = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// A ringing advanced-mode call from alice to bob, whose payload needs escaping, with its ring deadline.
    public static func ringingCall(_ id: CallID, at start: Timestamp = t0) throws -> Call {
        let invitation = Invitation(callID: id, from: Endpoint(user: "alice", device: "a1"), invitees: ["bob"],
                                    mode: .advanced, policy: CallPolicy(ringTimeout: .seconds(60)), payload: "hi \u{0} \"there\"")
        return try CallEngine.start(invitation, at: start).0.call
    }
}
