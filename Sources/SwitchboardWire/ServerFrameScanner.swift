import SwitchboardCore

/// Reads the server frames a client gets by the thousand straight off their bytes, for the load
/// generator's lean engine (docs/PERFORMANCE.md, "The load generator"): a successful response (its request
/// id and the call its reply names) and a call event (sequence, kind, call id, the call's phase, whether
/// the followed caller placed it, the followed callee's state, whom the viewer must confirm), stepping
/// over everything else (the call's policy, times, payloads) without building it. One scanner reads one
/// connection's frames, in order: the viewer is the connection's user.
///
/// What it claims, which `ServerFrameScannerAgreementTests` and the `frame-scanner` fuzz target hold it to
/// (docs/SECURITY.md, "Fuzzing"):
/// - On a frame that ``CompactEventDecoder`` (``WireCodec``) decodes, on a connection whose frames both
///   have read so far, ``scan(_:)-(UnsafeRawBufferPointer)`` either reads exactly what ``read(decoded:)``
///   makes of the decoded frame, holding the calls it then holds, or declines (nil).
/// - A frame it declines changes nothing in it: anything but a successful response or a call event, an
///   error response, a string it reads with an escape in it, an integer past 18 digits, an unknown name
///   or state, a compact call it does not hold or whose participants do not add up. Its reader then
///   decodes the frame with ``WireCodec`` and hands it to ``read(decoded:)``.
/// - What it reads it checks as ``WireCodec`` does (the envelope's `t`, `id`, `seq`, `name`; the call's
///   `id`, `caller`, `state`, `end.reason`, `participantCount`, `participants` and each participant's
///   `user`, `invitedBy`, `state`, `reason`; a timed-out event's `cause`, a failed accept's `failure`).
///   What it steps over it only delimits: a frame whose only fault lies there (malformed JSON, a missing
///   or mistyped member it does not read, a duplicate key it does not read, nesting past the wire's limit)
///   is read, where ``WireCodec`` refuses it. It trusts the server for that part, whose frames the
///   frame-log tests check against `Schemas/`.
/// - No input crashes it.
///
/// Users are compared as their ids' UTF-8, byte for byte (two spellings of one id that Unicode calls
/// equivalent are two users here).
public struct ServerFrameScanner: Sendable {
    let viewer: [UInt8]
    let caller: [UInt8]
    let callee: [UInt8]
    /// Whether the connection's welcome turned compact call events on (docs/DECISIONS.md, "Compact call
    /// events"): until then, and after a welcome that did not, a compact call is not read.
    public private(set) var compactEvents = false
    /// The calls the connection carried, kept while compact events are on by the rule both ends of a
    /// connection keep (``KnownCallTable``).
    public private(set) var calls = KnownCallTable<ScannedCall>()

    /// A scanner for the connection of `viewer`, following the calls between `caller` and `callee`.
    public init(viewer: UserID, caller: UserID, callee: UserID) {
        self.viewer = Array(viewer.rawValue.utf8)
        self.caller = Array(caller.rawValue.utf8)
        self.callee = Array(callee.rawValue.utf8)
    }

    /// A new connection: no call carried, the full form until its welcome says otherwise.
    public mutating func reset() {
        compactEvents = false
        calls = KnownCallTable()
    }

    /// Reads `bytes` as the connection's next server frame: nil when this is not a frame it reads, or
    /// not one it is sure of (the frame is never half-read: nothing changes).
    public mutating func scan(_ bytes: UnsafeRawBufferPointer) -> ScannedFrame? {
        guard !bytes.isEmpty else { return nil }
        var cursor = JSONTextCursor(bytes: bytes)
        var type: Range<Int>?
        var id: Int64?
        var sequence: Int64?
        var name: Range<Int>?
        var ok: Int?
        var body: Int?
        var failed = false
        var echoes: Int?
        let whole = cursor.fields { cursor, key in
            if cursor.matches(key, "t") {
                return cursor.readOnce(into: &type) { $0.string() }
            } else if cursor.matches(key, "id") {
                return cursor.readOnce(into: &id) { $0.integer() }
            } else if cursor.matches(key, "seq") {
                return cursor.readOnce(into: &sequence) { $0.integer() }
            } else if cursor.matches(key, "name") {
                return cursor.readOnce(into: &name) { $0.string() }
            } else if cursor.matches(key, "ok") {
                guard cursor.readOnce(into: &ok, { $0.valueStart() }) else { return false }
            } else if cursor.matches(key, "body") {
                guard cursor.readOnce(into: &body, { $0.valueStart() }) else { return false }
            } else if cursor.matches(key, "error") {
                failed = true
            } else if cursor.matches(key, "echoes") {
                guard cursor.readOnce(into: &echoes, { $0.valueStart() }) else { return false }
            }
            return cursor.skipValue()
        }
        guard whole, cursor.atEnd, let type else { return nil }
        if cursor.matches(type, "res") {
            guard let id, id >= 0, let ok, !failed else { return nil }
            cursor.at = ok
            return response(id, echoes: echoes, in: &cursor)
        }
        guard cursor.matches(type, "evt"), let sequence, sequence >= 1, let name, let body,
              let kind = Self.kind(named: name, in: cursor) else { return nil }
        cursor.at = body
        return event(kind, at: sequence, in: &cursor)
    }

    /// `bytes` as ``scan(_:)-(UnsafeRawBufferPointer)`` reads them.
    public mutating func scan(_ bytes: [UInt8]) -> ScannedFrame? {
        bytes.withUnsafeBytes { scan($0) }
    }

    /// A frame this scanner declined, decoded in full instead: what ``scan(_:)-(UnsafeRawBufferPointer)``
    /// reads of such a frame (nil for a frame of another kind), with the connection's state kept as
    /// ``CompactEventDecoder`` keeps it: a welcome sets the form and forgets the calls; with compact
    /// events on, a call reply or call event holds its call.
    public mutating func read(decoded frame: ServerFrame) -> ScannedFrame? {
        switch frame {
        case .welcome(let welcome):
            compactEvents = welcome.compactEvents
            calls.removeAll()
            return nil
        case .response(let response):
            guard case .success(let reply) = response.result else { return nil }
            guard case .call(let call, _) = reply else { return .success(id: response.id.rawValue, callID: nil) }
            let scanned = carried(call)
            let phase = ScannedCallEvent.Phase(call.state)
            let echoes = response.echoes.compactMap { echo -> ScannedEcho? in
                guard case .call(let note) = echo.event else { return nil }
                return ScannedEcho(sequence: echo.sequence, event: scanned.event(ScannedCallEvent.Kind(note.kind), id: call.id, phase: phase))
            }
            return .success(id: response.id.rawValue, callID: call.id, echoes: echoes)
        case .event(let envelope):
            guard case .call(let note) = envelope.event else { return nil }
            let scanned = carried(note.call)
            return .callEvent(sequence: envelope.sequence,
                              scanned.event(ScannedCallEvent.Kind(note.kind), id: note.call.id, phase: ScannedCallEvent.Phase(note.call.state)))
        case .refused, .pong, .bye:
            return nil
        }
    }

    /// Holds `call` as a frame carried it whole, and returns what the scan keeps of it.
    @discardableResult
    private mutating func carried(_ call: Call) -> ScannedCall {
        let scanned = ScannedCall(call, viewer: viewer, caller: caller, callee: callee)
        if compactEvents { calls.remember(scanned, for: call.id, ended: call.state.isEnded) }
        return scanned
    }

    /// Holds `call` as a frame the scan read showed it.
    mutating func remember(_ call: ScannedCall, for id: CallID, phase: ScannedCallEvent.Phase) {
        if compactEvents { calls.remember(call, for: id, ended: phase.endReason != nil) }
    }

    /// A call event's name: its kind, or the kinds whose detail the body holds.
    enum EventName {
        case plain(ScannedCallEvent.Kind)
        case timedOut, acceptFailed
    }

    static func kind(named name: Range<Int>, in cursor: JSONTextCursor) -> EventName? {
        switch name.count {
        case 12 where cursor.matches(name, "call.created"): .plain(.created)
        case 12 where cursor.matches(name, "call.invited"): .plain(.invited)
        case 24 where cursor.matches(name, "call.participantsChanged"): .plain(.participantsChanged)
        case 14 where cursor.matches(name, "call.cancelled"): .plain(.cancelled)
        case 13 where cursor.matches(name, "call.timedOut"): .timedOut
        case 20 where cursor.matches(name, "call.acceptConfirmed"): .plain(.acceptConfirmed)
        case 17 where cursor.matches(name, "call.acceptFailed"): .acceptFailed
        case 22 where cursor.matches(name, "call.answeredElsewhere"): .plain(.answeredElsewhere)
        case 10 where cursor.matches(name, "call.ended"): .plain(.ended)
        case 11 where cursor.matches(name, "call.synced"): .plain(.synced)
        default: nil
        }
    }
}
