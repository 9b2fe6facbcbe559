#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchboardCore

/// The lean engine's reading of the server frames it gets by the thousand: a successful response, and a
/// call event, read straight off the message's bytes as far as the flow and the client's duties need
/// (the response's request id and the call it names; the event's sequence, kind, call id, the call's
/// state, the callee's state, whom this user must confirm), skipping everything else (the call's policy,
/// times, payloads) without building it. Anything else, or anything this reading is not sure of (an
/// escaped string, an error response, an unknown name or state), is `nil`, and the engine decodes the
/// frame in full with `WireCodec` instead: a frame is never half-read. Skipped values are only delimited
/// (brackets counted, strings stepped over), not checked: the server's own frames are checked against
/// `Schemas/` in the frame-log tests.
enum LeanScan {
    enum Frame: Equatable {
        /// A successful response to request `id`; `callID` is the call its body names (`ok.call.id`).
        case success(id: Int64, callID: CallID?)
        /// A call event at `sequence` of the user's stream.
        case callEvent(sequence: Int64, CallEvent)
    }

    /// A call event as the flow and the duties read it.
    struct CallEvent: Equatable {
        var observation: CallFlow.Observation
        /// The participants accepting whom the viewing user invited: their acceptance awaits its
        /// confirmation (the three-way accept), once per participant.
        var acceptingInvitees: [UserID]
    }

    /// Reads `bytes` as the frame that `viewer` (the connection's user) got, for the flow between
    /// `caller` and `callee` (their user ids' UTF-8).
    ///
    /// A call event may come in either form (docs/DECISIONS.md, "Compact call events"): `known` is what
    /// the connection carried of each call so far, read to complete a compact event and updated by every
    /// call event read (a frame left to the full decoder changes nothing in it).
    static func read(
        _ bytes: UnsafeRawBufferPointer, viewer: [UInt8], caller: [UInt8], callee: [UInt8], known: inout LeanKnownCalls
    ) -> Frame? {
        var cursor = Cursor(bytes: bytes)
        var type: Range<Int>?
        var id: Int64?
        var sequence: Int64?
        var name: Range<Int>?
        var ok: Int?
        var body: Int?
        var failed = false
        let whole = cursor.fields { cursor, key in
            if cursor.matches(key, "t") {
                type = cursor.string()
                return type != nil
            } else if cursor.matches(key, "id") {
                id = cursor.integer()
                return id != nil
            } else if cursor.matches(key, "seq") {
                sequence = cursor.integer()
                return sequence != nil
            } else if cursor.matches(key, "name") {
                name = cursor.string()
                return name != nil
            } else if cursor.matches(key, "ok") {
                ok = cursor.valueStart()
            } else if cursor.matches(key, "body") {
                body = cursor.valueStart()
            } else if cursor.matches(key, "error") {
                failed = true
            }
            return cursor.skipValue()
        }
        guard whole, cursor.atEnd, let type else { return nil }
        if cursor.matches(type, "res") {
            guard let id, id >= 0, let ok, !failed else { return nil }
            cursor.at = ok
            var scanned: ScannedCall?
            let read = cursor.fields { cursor, key in
                guard cursor.matches(key, "call") else { return cursor.skipValue() }
                scanned = scanCall(&cursor)
                return scanned != nil
            }
            guard read else { return nil }
            guard let scanned else { return .success(id: id, callID: nil) }
            // A call reply counts as the call's carrying, as an event does (docs/DECISIONS.md, "Compact call
            // events"): the next event of the call may be compact.
            guard let resolved = resolve(scanned, in: cursor, viewer: viewer, caller: caller, callee: callee, known: known) else {
                return nil
            }
            known.remember(resolved.entry, for: resolved.id, ended: resolved.phase.endReason != nil)
            return .success(id: id, callID: resolved.id)
        }
        guard cursor.matches(type, "evt"), let sequence, sequence >= 1, let name, let body,
              let kind = Self.kind(named: name, in: cursor) else { return nil }
        cursor.at = body
        return event(kind, at: sequence, in: &cursor, viewer: viewer, caller: caller, callee: callee, known: &known)
    }

    private enum EventKind {
        case plain(CallFlow.Observation.Kind)
        case timedOut, acceptFailed
    }

    private static func kind(named name: Range<Int>, in cursor: Cursor) -> EventKind? {
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

    private struct Participant {
        var user: Range<Int>?
        var invitedBy: Range<Int>?
        var state: Range<Int>?
        var reason: Range<Int>?
    }

    private static func event(
        _ eventKind: EventKind, at sequence: Int64, in cursor: inout Cursor, viewer: [UInt8], caller: [UInt8], callee: [UInt8],
        known: inout LeanKnownCalls
    ) -> Frame? {
        var scanned: ScannedCall?
        var detail: Range<Int>?  // `cause` (timedOut) or `failure` (acceptFailed)
        let read = cursor.fields { cursor, key in
            if cursor.matches(key, "cause") || cursor.matches(key, "failure") {
                detail = cursor.string()
                return detail != nil
            }
            guard cursor.matches(key, "call") else { return cursor.skipValue() }
            scanned = scanCall(&cursor)
            return scanned != nil
        }
        guard read, let scanned else { return nil }
        let kind: CallFlow.Observation.Kind
        switch eventKind {
        case .plain(let plain): kind = plain
        case .timedOut:
            guard let detail, let cause = TimeoutCause(rawValue: cursor.text(detail)) else { return nil }
            kind = .timedOut(cause)
        case .acceptFailed:
            guard let detail, let failure = AcceptFailure(rawValue: cursor.text(detail)) else { return nil }
            kind = .acceptFailed(failure)
        }
        guard let resolved = resolve(scanned, in: cursor, viewer: viewer, caller: caller, callee: callee, known: known) else {
            return nil
        }
        let entry = resolved.entry
        known.remember(entry, for: resolved.id, ended: resolved.phase.endReason != nil)
        let calleeState = entry.members.first(where: \.isCallee)?.state
        let accepting = entry.members.lazy.filter { $0.state == .accepting && $0.invitedByViewer }
            .map { UserID(String(decoding: $0.user, as: UTF8.self)) }
        let observation = CallFlow.Observation(
            kind: kind, callID: resolved.id, isFromCaller: entry.isFromCaller, callState: resolved.phase, calleeState: calleeState)
        return .callEvent(sequence: sequence, CallEvent(observation: observation, acceptingInvitees: Array(accepting)))
    }

    /// A call object's fields as the scan found them: the full form has `caller`, the compact one
    /// `participantCount` instead.
    private struct ScannedCall {
        var id: Range<Int>
        var caller: Range<Int>?
        var state: Range<Int>
        var endReason: Range<Int>?
        var participantCount: Int64?
        var participants: [Participant]
    }

    /// Reads the call object at the cursor, nil when it is not one the scan is sure of.
    private static func scanCall(_ cursor: inout Cursor) -> ScannedCall? {
        var callID: Range<Int>?
        var callCaller: Range<Int>?
        var state: Range<Int>?
        var endReason: Range<Int>?
        var participantCount: Int64?
        var participants: [Participant] = []
        let read = cursor.fields { cursor, key in
            if cursor.matches(key, "id") {
                callID = cursor.string()
                return callID != nil
            } else if cursor.matches(key, "caller") {
                callCaller = cursor.string()
                return callCaller != nil
            } else if cursor.matches(key, "state") {
                state = cursor.string()
                return state != nil
            } else if cursor.matches(key, "end") {
                return cursor.fields { cursor, key in
                    guard cursor.matches(key, "reason") else { return cursor.skipValue() }
                    endReason = cursor.string()
                    return endReason != nil
                }
            } else if cursor.matches(key, "participantCount") {
                participantCount = cursor.integer()
                return participantCount != nil
            } else if cursor.matches(key, "participants") {
                return cursor.elements { cursor in
                    var participant = Participant()
                    let read = cursor.fields { cursor, key in
                        if cursor.matches(key, "user") {
                            participant.user = cursor.string()
                            return participant.user != nil
                        } else if cursor.matches(key, "invitedBy") {
                            participant.invitedBy = cursor.string()
                            return participant.invitedBy != nil
                        } else if cursor.matches(key, "state") {
                            participant.state = cursor.string()
                            return participant.state != nil
                        } else if cursor.matches(key, "reason") {
                            participant.reason = cursor.string()
                            return participant.reason != nil
                        }
                        return cursor.skipValue()
                    }
                    participants.append(participant)
                    return read && participant.user != nil && participant.state != nil
                }
            }
            return cursor.skipValue()
        }
        guard read, let callID, let state, (callCaller == nil) != (participantCount == nil) else { return nil }
        return ScannedCall(id: callID, caller: callCaller, state: state, endReason: endReason,
                           participantCount: participantCount, participants: participants)
    }

    /// The call a scanned call object stands for, as the connection holds it after this frame: the full
    /// form names the caller and every participant; the compact one only the participants that changed
    /// since the call was last carried, applied to the call as `known` holds it. Nil when the scan is
    /// not sure of it, or the compact form does not fit.
    private static func resolve(
        _ scanned: ScannedCall, in cursor: Cursor, viewer: [UInt8], caller: [UInt8], callee: [UInt8], known: LeanKnownCalls
    ) -> (id: CallID, entry: LeanKnownCalls.Entry, phase: CallFlow.CallPhase)? {
        let state = scanned.state
        let phase: CallFlow.CallPhase
        if cursor.matches(state, "ringing"), scanned.endReason == nil {
            phase = .ringing
        } else if cursor.matches(state, "connected"), scanned.endReason == nil {
            phase = .connected
        } else if cursor.matches(state, "ended"), let endReason = scanned.endReason,
                  let reason = CallEndReason(rawValue: cursor.text(endReason)) {
            phase = .ended(reason)
        } else {
            return nil
        }
        let id = CallID(cursor.text(scanned.id))
        var entry: LeanKnownCalls.Entry
        if let callCaller = scanned.caller {
            entry = LeanKnownCalls.Entry(isFromCaller: cursor.matches(callCaller, caller),
                                         callerIsViewer: cursor.matches(callCaller, viewer), members: [])
            entry.members.reserveCapacity(scanned.participants.count)
        } else {
            guard let held = known[id] else { return nil }
            entry = held
        }
        for participant in scanned.participants {
            guard let user = participant.user, let stateName = participant.state,
                  let participantState = participantState(stateName, reason: participant.reason, in: cursor) else { return nil }
            let invitedByViewer = participant.invitedBy.map { cursor.matches($0, viewer) } ?? entry.callerIsViewer
            let member = LeanKnownCalls.Member(user: cursor.bytes(user), isCallee: cursor.matches(user, callee),
                                               invitedByViewer: invitedByViewer, state: participantState)
            if scanned.caller == nil, let index = entry.members.firstIndex(where: { $0.user == member.user }) {
                entry.members[index] = member
            } else {
                entry.members.append(member)
            }
        }
        if let count = scanned.participantCount, Int64(entry.members.count) != count { return nil }
        return (id, entry, phase)
    }

    /// `ModelCoding.participantState`: a reason for rejected, timedOut and acceptFailed, none otherwise.
    private static func participantState(_ name: Range<Int>, reason: Range<Int>?, in cursor: Cursor) -> ParticipantState? {
        let plain: ParticipantState? =
            if cursor.matches(name, "inviting") { .inviting }
            else if cursor.matches(name, "notYetReceived") { .notYetReceived }
            else if cursor.matches(name, "received") { .received }
            else if cursor.matches(name, "accepting") { .accepting }
            else if cursor.matches(name, "accepted") { .accepted }
            else if cursor.matches(name, "cancelled") { .cancelled }
            else if cursor.matches(name, "quit") { .quit }
            else { nil }
        if let plain { return reason == nil ? plain : nil }
        guard let reason else { return nil }
        let text = cursor.text(reason)
        if cursor.matches(name, "rejected") { return RejectionReason(rawValue: text).map { .rejected($0) } }
        if cursor.matches(name, "timedOut") { return TimeoutCause(rawValue: text).map { .timedOut($0) } }
        if cursor.matches(name, "acceptFailed") { return AcceptFailure(rawValue: text).map { .acceptFailed($0) } }
        return nil
    }

    /// A position in a JSON text, and the few readings the scan needs.
    struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        var atEnd: Bool {
            var copy = self
            copy.skipSpace()
            return copy.at == bytes.count
        }

        mutating func skipSpace() {
            while at < bytes.count {
                switch bytes[at] {
                case 0x20, 0x0A, 0x0D, 0x09: at += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// Where the next value starts.
        mutating func valueStart() -> Int {
            skipSpace()
            return at
        }

        /// A string with no escape in it: the range of its content. Nil for anything else.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    at += 1
                    return start..<(at - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                at += 1
            }
            return nil
        }

        /// An integer (no fraction, no exponent, at most 18 digits).
        mutating func integer() -> Int64? {
            skipSpace()
            var negative = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") {
                negative = true
                at += 1
            }
            var value: Int64 = 0
            var digits = 0
            while at < bytes.count, (0x30...0x39).contains(bytes[at]), digits < 18 {
                value = value * 10 + Int64(bytes[at] - 0x30)
                digits += 1
                at += 1
            }
            guard digits > 0 else { return nil }
            if at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), 0x30...0x39: return nil
                default: break
                }
            }
            return negative ? -value : value
        }

        /// Steps over one value of any kind: a string or a scalar whole, an object or an array by counting
        /// brackets to the one that closes it (strings stepped over whole), so it is delimited, not checked.
        mutating func skipValue() -> Bool {
            skipSpace()
            guard at < bytes.count else { return false }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while at < bytes.count {
                    switch bytes[at] {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        at += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        at += 1
                        if depth == 0 { return true }
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                    default:
                        at += 1
                    }
                }
                return false
            default:
                let start = at
                while at < bytes.count {
                    switch bytes[at] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
                        return at > start
                    default: at += 1
                    }
                }
                return at > start
            }
        }

        /// Steps over a string (escapes included), the cursor at its opening quote: to the first quote
        /// after it (`memchr`) not escaped by an odd run of backslashes.
        private mutating func skipString() -> Bool {
            at += 1
            let base = bytes.baseAddress!
            while at < bytes.count {
                guard let found = memchr(base + at, Int32(UInt8(ascii: "\"")), bytes.count - at) else { return false }
                let quote = base.distance(to: UnsafeRawPointer(found))
                var backslashes = 0
                while quote - backslashes - 1 >= at, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                at = quote + 1
                if backslashes % 2 == 0 { return true }
            }
            return false
        }

        /// An object: `field` is given each key (a string with no escape, else the object is not read)
        /// with the cursor at its value, which it must consume; false from it stops the reading.
        mutating func fields(_ field: (inout Cursor, Range<Int>) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), field(&self, key) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// An array: `element` consumes each element; false from it stops the reading.
        mutating func elements(_ element: (inout Cursor) -> Bool) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard element(&self) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }

        func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
            range.count == literal.utf8CodeUnitCount
                && memcmp(bytes.baseAddress! + range.lowerBound, literal.utf8Start, range.count) == 0
        }

        func matches(_ range: Range<Int>, _ other: [UInt8]) -> Bool {
            guard !other.isEmpty else { return range.isEmpty }
            return range.count == other.count && other.withUnsafeBytes { other in
                memcmp(bytes.baseAddress! + range.lowerBound, other.baseAddress!, range.count) == 0
            }
        }

        func bytes(_ range: Range<Int>) -> [UInt8] {
            Array(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }
}
