import Foundation
import SwitchboardCore
import SwitchboardWire

/// The wire frames the benchmarks parse and serialize: what the service and clients really exchange,
/// produced by the wire codec itself.
enum Frames {
    static let epoch = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// A small request: `call.accept` with a short answer.
    static let smallRequest: [UInt8] = WireCodec.encode(
        ClientFrame.request(Request(id: 42, operation: .call("c019b7e2a4c00010a3f29c81d0e7", .accept(data: "on my way")))))

    /// A `call.invited` event for one of nine invitees, with a 2 KB payload.
    static let invitedEvent: [UInt8] = {
        let invitees = (1...9).map { UserID("user-\($0)") }
        var participants = [Participant(user: "caller", role: .caller, invitedBy: nil, state: .accepted, at: epoch, device: "caller-phone")]
        for invitee in invitees {
            participants.append(Participant(user: invitee, role: .invitee, invitedBy: "caller", state: .inviting, at: epoch))
        }
        let call = Call(
            id: "c019b7e2a4c00010a3f29c81d0e7", caller: "caller", mode: .advanced, policy: CallPolicy(),
            mediaType: .video, roomID: "room-7", payload: String(repeating: "p", count: 2048),
            participants: participants, createdAt: epoch)
        let note = CallNotification(kind: .invited(by: "caller"), call: call)
        return WireCodec.encode(ServerFrame.event(EventEnvelope(sequence: 17, time: epoch, event: .call(note))))
    }()

    /// A `call.records` response with 100 records.
    static let recordList: [UInt8] = {
        var records: [CallRecord] = []
        for index in 0..<100 {
            let missed = index % 3 == 0
            let offset = Int64(index) * 60
            let id = CallID("c019b7e2a4c0" + String(format: "%04x", index) + "a3f29c81d0e7")
            let caller: UserID = index % 2 == 0 ? "alice" : "bob"
            let outcome: ParticipantState = missed ? .timedOut(.noAnswer) : .accepted
            let endReason: CallEndReason = missed ? .noAnswer : .hungUp
            let answeredOn: DeviceID? = missed ? nil : "alice-phone"
            let duration: Duration = .seconds(Int64(index % 7) * 30)
            records.append(CallRecord(
                callID: id, owner: "alice", caller: caller, participants: ["alice", "bob"], mode: .general,
                mediaType: .audio, roomID: nil, groupID: nil, direction: missed ? .missed : .incoming,
                outcome: outcome, endReason: endReason, answeredOn: answeredOn, startedAt: epoch + .seconds(offset),
                duration: duration, recordedAt: epoch + .seconds(offset + 45)))
        }
        let page = RecordPage(records: records, nextCursor: "r1.3137363732323536303030303a63")
        return WireCodec.encode(ServerFrame.response(Response(id: 9, result: .success(.records(page)))))
    }()

    static let all: [(name: String, bytes: [UInt8])] = [
        ("small request", smallRequest),
        ("invited event, 9 invitees, 2 KB payload", invitedEvent),
        ("call list, 100 records", recordList),
    ]
}
