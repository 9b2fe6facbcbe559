import SwitchboardCore
import SwitchboardWire

extension ClientSession {
    /// The per-callee steps every client does on its own, whatever surface placed the call
    /// (DECISIONS.md): acknowledge a delivered invitation, and confirm an acceptance of someone this
    /// user invited (the three-way accept). Nobody waits for their answers.
    func performDuties(for event: ServerEvent) {
        guard case .call(let note) = event, !note.call.state.isEnded else { return }
        let call = note.call
        if case .invited = note.kind {
            requestAndForget(.call(call.id, .acknowledge))
        }
        for participant in call.participants where participant.state == .accepting {
            guard (participant.invitedBy ?? call.caller) == configuration.user else { continue }
            guard confirmations.insert("\(call.id.rawValue)/\(participant.user.rawValue)").inserted else { continue }
            requestAndForget(.call(call.id, .confirm(invitee: participant.user)))
        }
    }
}
