import Testing
@testable import SwitchboardCore

/// Every command in every participant state and every call state, against a table written out by hand.
///
/// The fixture: alice created the call and is in it (device a1); bob, invited by alice, is in the row's
/// state (his acting device is b1 once he has answered); carol is still ringing, so no single command
/// settles the call by accident. Each command is sent by bob, except `cancel` and `confirm`, which alice
/// sends about bob; `joinSame` joins from b1 and `joinOther` from b2; `inviteMore` invites dave.
///
/// A cell is the state bob ends in (camelCase), `ended` when the call ended, or the error code
/// (snake_case). Every error cell also checks that the call is unchanged.
///
/// The table is for a live advanced-mode call, ringing or connected (the outcome is the same in both).
/// In general mode the advanced-only commands (inviteMore, join, quit, end) are `not_advanced_mode` in
/// every row; everything else is as below. On an ended call every cell is `call_ended`.
/// docs/CALL-MODEL.md carries the same table.
private let advancedTable = """
state                        accept               reject               ack                  cancel               confirm              inviteMore       joinSame         joinOther        quit             end
inviting                     accepted             rejected(declined)   received             cancelled            nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
notYetReceived               accepted             rejected(declined)   received             cancelled            nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
received                     accepted             rejected(declined)   received             cancelled            nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
accepting                    already_accepted     already_accepted     accepting            already_accepted     accepted             not_in_call      already_in_call  accepting        not_in_call      not_in_call
accepted                     already_accepted     already_accepted     accepted             already_accepted     nothing_to_confirm   accepted         already_in_call  accepted         quit             ended
rejected(declined)           already_rejected     already_rejected     already_rejected     already_rejected     nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
rejected(busy)               already_rejected     already_rejected     already_rejected     already_rejected     nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
rejected(glare)              already_rejected     already_rejected     already_rejected     already_rejected     nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
cancelled                    invitation_cancelled invitation_cancelled invitation_cancelled invitation_cancelled nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
timedOut(noAnswer)           invitation_timed_out invitation_timed_out invitation_timed_out invitation_timed_out nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
timedOut(noAcknowledgement)  invitation_timed_out invitation_timed_out invitation_timed_out invitation_timed_out nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
timedOut(offline)            invitation_timed_out invitation_timed_out invitation_timed_out invitation_timed_out nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
acceptFailed(callerOffline)  invitation_ended     invitation_ended     invitation_ended     invitation_ended     nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
acceptFailed(notConfirmed)   invitation_ended     invitation_ended     invitation_ended     invitation_ended     nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
quit                         invitation_ended     invitation_ended     invitation_ended     invitation_ended     nothing_to_confirm   not_in_call      accepted         accepted         not_in_call      not_in_call
outsider                     not_participant      not_participant      not_participant      not_participant      not_participant      not_participant  accepted         accepted         not_participant  not_participant
"""

private let advancedOnly: Set<String> = ["inviteMore", "joinSame", "joinOther", "quit", "end"]

/// One cell: a row state (nil for the outsider row), a column, a mode and a call state.
struct TableCase: CustomTestStringConvertible, Sendable {
    var row: String
    var bobState: ParticipantState?
    var column: String
    var mode: CallMode
    var callState: CallState
    var expected: String

    var testDescription: String { "\(mode) \(callState) | bob \(row) | \(column) -> \(expected)" }
}

private func parseState(_ text: String) -> ParticipantState? {
    ParticipantState.allCases.first { $0.description == text }
}

private let tableCases: [TableCase] = {
    let lines = advancedTable.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    let columns = Array(lines[0].dropFirst())
    var cases: [TableCase] = []
    let ended = CallState.ended(CallEnd(reason: .hungUp, by: "alice", at: t0))
    for line in lines.dropFirst() {
        let row = line[0]
        let state = row == "outsider" ? nil : parseState(row)
        precondition(row == "outsider" || state != nil, "unknown row \(row)")
        for (column, cell) in zip(columns, line.dropFirst()) {
            for mode in CallMode.allCases {
                for callState in [CallState.ringing, .connected, ended] {
                    var expected = cell
                    if callState.isEnded {
                        expected = "call_ended"
                    } else if mode == .general && advancedOnly.contains(column) {
                        expected = "not_advanced_mode"
                    }
                    cases.append(TableCase(row: row, bobState: state, column: column, mode: mode,
                                           callState: callState, expected: expected))
                }
            }
        }
    }
    return cases
}()

/// The fixture call for one cell.
private func fixture(_ cell: TableCase) -> CallEngine {
    var participants = [
        Participant(user: "alice", role: .caller, invitedBy: nil, state: .accepted, at: t0, device: "a1")
    ]
    if let state = cell.bobState {
        var bob = Participant(user: "bob", role: .invitee, invitedBy: "alice", state: state, at: t0)
        switch state {
        case .inviting, .notYetReceived, .received, .cancelled, .timedOut:
            bob.device = nil
        default:
            bob.device = "b1"
        }
        if state.isInCall || state == .quit { bob.answeredAt = t0 }
        participants.append(bob)
    }
    var carol = Participant(user: "carol", role: .invitee, invitedBy: "alice", state: .received, at: t0)
    carol.ringDeadline = t0.plus(seconds: 30)
    participants.append(carol)
    let connectedAt: Timestamp? = cell.callState == .ringing ? nil : t0
    let call = Call(
        id: "table", caller: "alice", mode: cell.mode, policy: CallPolicy(), participants: participants,
        state: cell.callState, createdAt: t0, connectedAt: connectedAt)
    return CallEngine(call: call)
}

private func command(for column: String) -> (CallCommand, Endpoint) {
    switch column {
    case "accept": (.accept(data: "yes"), bob)
    case "reject": (.reject(data: "no", reason: .declined), bob)
    case "ack": (.acknowledgeDelivery, bob)
    case "cancel": (.cancel(invitees: ["bob"], data: nil), alice)
    case "confirm": (.confirmAccept(invitee: "bob"), alice)
    case "inviteMore": (.inviteMore(invitees: ["dave"], status: [:]), bob)
    case "joinSame": (.join(data: nil), bob)
    case "joinOther": (.join(data: nil), bobTablet)
    case "quit": (.quit(data: nil), bob)
    case "end": (.end(data: nil), bob)
    default: fatalError("unknown column \(column)")
    }
}

@Suite("State-by-command table")
struct StateTableTests {
    @Test("the table covers every state, command, mode and call state")
    func tableIsComplete() {
        let rows = Set(tableCases.map(\.row))
        let rowCount: Int = ParticipantState.allCases.count + 1
        #expect(rows.count == rowCount)
        for state in ParticipantState.allCases {
            #expect(rows.contains(state.description), "missing row \(state)")
        }
        #expect(Set(tableCases.map(\.column)).count == 10)
        let expectedCount: Int = rowCount * 10 * 2 * 3
        #expect(tableCases.count == expectedCount)
    }

    @Test("each command in each state gives the documented outcome", arguments: tableCases)
    func cell(_ cell: TableCase) throws {
        let before = fixture(cell)
        var engine = before
        let (command, sender) = command(for: cell.column)
        let result: Result<CallEngine.Outcome, CallError>
        do {
            result = .success(try engine.handle(command, from: sender, at: t0.plus(seconds: 1)))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success:
            if cell.expected == "ended" {
                #expect(engine.call.state.isEnded)
                #expect(engine.state(of: "bob") == cell.bobState, "ending leaves states unchanged")
            } else {
                let expected = try #require(parseState(cell.expected), "expected \(cell.expected), got success")
                #expect(engine.state(of: "bob") == expected)
            }
        case .failure(let error):
            #expect(error.code.rawValue == cell.expected, "\(error)")
            #expect(engine == before, "a refused command must leave the call untouched")
        }
    }
}
