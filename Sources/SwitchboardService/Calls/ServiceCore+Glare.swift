import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    /// The ringing call that an invitation from `caller` to `invitees` crosses, if any
    /// (docs/CALL-MODEL.md, "Glare"): a one-to-one call from the only invitee to `caller` that
    /// `caller` has not answered. Overdue timers of the candidates run first, so a call that has
    /// already rung out does not count.
    func crossingCall(from caller: UserID, to invitees: [UserID], in realm: Realm, at now: Timestamp) -> CallID? {
        guard invitees.count == 1, let invitee = invitees.first, invitee != caller,
              let candidates = realm.activeCallsByUser[caller]
        else { return nil }
        for id in candidates.sorted() {
            expireOverdue(id, in: realm, at: now)
            if let engine = realm.calls[id], Glare.crosses(engine.call, from: invitee, to: caller) {
                return id
            }
        }
        return nil
    }

    /// Ends `loser`, an older call that a new call with a smaller id crosses (ids issued out of
    /// creation order, as nodes with different clocks can): its invitee, the new call's caller, is
    /// rejected as glare.
    func loseGlare(_ loser: CallID, to invitee: UserID, in realm: Realm, at now: Timestamp, followUps: inout FollowUps) {
        guard realm.calls[loser] != nil else { return }
        do {
            let outcome = try realm.calls[loser]!.loseGlare(to: invitee, at: now)
            recordService(.glare, on: loser, in: realm, at: now)
            _ = commit(outcome.effects, of: loser, in: realm, at: now, followUps: &followUps)
            logger.debug("call \(loser) lost the glare to a call from \(invitee)")
        } catch {
            logger.error("ending call \(loser) for glare failed: \(error)")
        }
    }
}
