import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

/// The load generator's scanner and `WireCodec` read every server frame alike (`ServerFrameScanner`'s claim,
/// checked frame by frame by `ScannerAgreement`): on frames this suite makes with `WireCodec` (every event
/// kind in both forms, responses of every reply kind, errors, frames spoiled byte by byte) and, when
/// `SWITCHBOARD_FRAME_LOG_COMPARE` names a file, on every server frame of that frame log (scripts/test
/// points it at the log the suites just wrote: docs/SECURITY.md, "Fuzzing").
@Suite("The scanner reads server frames as WireCodec does")
struct ServerFrameScannerAgreementTests {
    /// Reads `frames` as one connection for each perspective; records every disagreement, and returns
    /// the verdicts, by perspective then frame.
    @discardableResult
    func agree(
        on frames: [[UInt8]], as perspectives: [(viewer: UserID, caller: UserID, callee: UserID)], compactEvents: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [[ScannerAgreement.Verdict]] {
        perspectives.map { perspective in
            var agreement = ScannerAgreement(viewer: perspective.viewer, caller: perspective.caller, callee: perspective.callee,
                                             compactEvents: compactEvents)
            return frames.map { bytes in
                switch agreement.read(bytes) {
                case .success(let verdict):
                    return verdict
                case .failure(let disagreement):
                    Issue.record("\(disagreement)", sourceLocation: sourceLocation)
                    return .refused
                }
            }
        }
    }

    /// Who may look at `call`: its caller, each participant and a stranger, following its caller (or
    /// someone else) and each participant (or someone not in it).
    static func perspectives(of call: Call) -> [(viewer: UserID, caller: UserID, callee: UserID)] {
        let users = call.participants.map(\.user)
        let viewers = [call.caller, "stranger"] + users
        return [call.caller, users.last ?? "nobody"].flatMap { caller in
            (users + ["nobody"]).flatMap { callee in viewers.map { (viewer: $0, caller: caller, callee: callee) } }
        }
    }

    static let alice: [(viewer: UserID, caller: UserID, callee: UserID)] =
        [("alice", "alice", "bob"), ("bob", "alice", "bob"), ("carol", "bob", "carol")]

    // MARK: The corpus

    @Test("every server frame of the codec's samples, alone from every side, and all of them on one connection")
    func samples() {
        let frames = sampleServerFrames.map { WireCodec.encode($0) }
        for (frame, bytes) in zip(sampleServerFrames, frames) {
            var call: Call?
            if case .event(let envelope) = frame, case .call(let note) = envelope.event { call = note.call }
            if case .response(let response) = frame, case .success(.call(let replied, _)) = response.result { call = replied }
            for verdicts in agree(on: [bytes], as: call.map(Self.perspectives) ?? Self.alice) {
                // Their ids and names need no escape: every response and call event is read.
                if case .declined(let reading?) = verdicts[0] { Issue.record("declined \(reading): \(frame)") }
            }
        }
        let verdicts = agree(on: frames, as: Self.alice).joined()
        #expect(verdicts.filter { $0 == .read }.count == sampleServerFrames.count { frame in
            switch frame {
            case .response(let response): if case .success = response.result { true } else { false }
            case .event(let envelope): if case .call = envelope.event { true } else { false }
            default: false
            }
        } * Self.alice.count)
    }

    /// A call between alice and bob with carol invited by bob, every part of it set (payload, attachments and
    /// the end's data full of what JSON escapes), bob in `state`, the call in `callState`.
    static func call(bobIn state: ParticipantState, callState: CallState, id: CallID = "call-\u{E9}t\u{E9}") -> Call {
        var bob = participant("bob", state, data: trickyText, device: "bob-phone")
        bob.media = ParticipantMedia(microphone: true, camera: true)
        return Call(id: id, caller: "alice", mode: .advanced, policy: Policies.agora, mediaType: .video, roomID: "room",
                    groupID: "group", payload: trickyText, attachments: ["k\"ey": trickyText],
                    participants: [callerAlice, bob, participant("carol", .accepting, invitedBy: "bob")],
                    state: callState, createdAt: t0, connectedAt: callState == .ringing ? nil : at(2))
    }

    static let callStates: [CallState] =
        [.ringing, .connected] + CallEndReason.allCases.map { .ended(CallEnd(reason: $0, by: "bob", at: at(9), data: trickyText)) }

    @Test("every call event kind and call reply, every participant state, every end: read, from both sides")
    func everyKindAndState() {
        var frames: [[UInt8]] = []
        for state in ParticipantState.allCases {
            for callState in Self.callStates {
                let call = Self.call(bobIn: state, callState: callState)
                for (index, kind) in sampleKinds.enumerated() {
                    let note = CallNotification(kind: kind, call: call)
                    frames.append(WireCodec.encode(.event(EventEnvelope(sequence: Int64(index + 1), time: t0, event: .call(note)))))
                }
                let skipped = [SkippedUser(user: "dave", error: SignalingError(CallError(.notInviter, trickyText)))]
                frames.append(WireCodec.encode(.response(Response(id: 12, result: .success(.call(call, skipped: skipped))))))
            }
        }
        // Each frame alone, as the first frame of a connection: the full form.
        for bytes in frames {
            for verdicts in agree(on: [bytes], as: Self.alice) {
                #expect(verdicts == [.read])
            }
        }
    }

    /// Frames of a call as `CompactEventEncoder` writes them on one connection, given the call at each step
    /// as an event (or, every third step, as the reply to a request).
    static func connection(compactEvents: Bool, steps: [Call], kind: CallNotification.Kind = .participantsChanged(["bob"])) -> [[UInt8]] {
        var encoder = CompactEventEncoder()
        var frames = [encoder.encode(.welcome(Welcome(session: "s", resumed: false, serverTime: t0, heartbeatInterval: .seconds(1),
                                                        tokenExpiresAt: nil, compactEvents: compactEvents)))]
        for (index, call) in steps.enumerated() {
            if index % 3 == 2 {
                frames.append(encoder.encode(.response(Response(id: RequestID(rawValue: Int64(index)), result: .success(.call(call, skipped: []))))))
            } else {
                let note = CallNotification(kind: index == 0 ? .created : kind, call: call)
                frames.append(encoder.encode(.event(EventEnvelope(sequence: Int64(index + 1), time: t0, event: .call(note)))))
            }
        }
        return frames
    }

    /// A group call's steps: bob and carol ring, bob accepts, dave is invited by bob and joins, carol
    /// declines, erin joins unasked; it ends.
    static func groupCallSteps(id: CallID = "call-group") -> [Call] {
        var call = Call(id: id, caller: "alice", mode: .advanced, policy: Policies.zim, payload: trickyText,
                        participants: [callerAlice, participant("bob", .inviting), participant("carol", .inviting)], createdAt: t0)
        var steps = [call]
        func step(_ change: (inout Call) -> Void) {
            change(&call)
            steps.append(call)
        }
        step { $0.participants[1].state = .received }
        step { $0.participants[2].state = .received }
        step { $0.participants[1].state = .accepting }
        step { $0.participants[1].state = .accepted; $0.state = .connected; $0.connectedAt = at(2) }
        step { $0.participants.append(participant("dave", .inviting, invitedBy: "bob")) }
        step { $0.participants[3].state = .accepting }
        step { _ in }  // nothing changed
        step { $0.participants[3].state = .accepted; $0.participants[2].state = .rejected(.declined) }
        step { $0.participants.append(participant("erin", .accepted, role: .joiner, invitedBy: nil)) }
        step { $0.participants[1].state = .quit }
        step { $0.state = .ended(CallEnd(reason: .hungUp, by: "dave", at: at(9), data: trickyText)) }
        return steps
    }

    @Test("compact call events and replies over a whole group call, from every side; the full form when a welcome did not ask")
    func compactConnections() {
        let steps = Self.groupCallSteps()
        let compact = Self.connection(compactEvents: true, steps: steps)
        #expect(compact.count { !String(decoding: $0, as: UTF8.self).contains(#""caller""#) } > steps.count / 2, "mostly compact")
        for perspective in Self.perspectives(of: steps.last!) {
            for verdicts in agree(on: compact, as: [perspective]) {
                #expect(verdicts == [.declined(nil)] + steps.map { _ in .read }, "\(perspective)")
            }
        }
        let full = Self.connection(compactEvents: false, steps: steps)
        for verdicts in agree(on: full, as: Self.alice, compactEvents: false) {
            #expect(verdicts == [.declined(nil)] + steps.map { _ in .read })
        }
        // Frames compact on a connection the scanner was told is in the full form: neither reads them.
        for verdicts in agree(on: Array(compact.dropFirst()), as: Self.alice, compactEvents: false) {
            #expect(verdicts.first == .read)
            #expect(verdicts.dropFirst().allSatisfy { $0 == .refused })
        }
        // Several calls on one connection, past what a connection keeps: a call dropped comes back whole.
        var many: [[UInt8]] = []
        var encoder = CompactEventEncoder()
        many.append(encoder.encode(.welcome(Welcome(session: "s", resumed: false, serverTime: t0, heartbeatInterval: .seconds(1),
                                                     tokenExpiresAt: nil, compactEvents: true))))
        let calls = (0..<(KnownCallTable<Call>.capacity + 6)).map { Self.groupCallSteps(id: CallID("call-\($0)")) }
        var sequence: Int64 = 0
        for round in 0..<4 {
            for steps in calls {
                sequence += 1
                let note = CallNotification(kind: .participantsChanged(["bob"]), call: steps[round])
                many.append(encoder.encode(.event(EventEnvelope(sequence: sequence, time: t0, event: .call(note)))))
            }
        }
        for verdicts in agree(on: many, as: Self.alice) {
            #expect(verdicts.dropFirst().allSatisfy { $0 == .read })
        }
    }

    @Test("a string the scanner reads with an escape in it: declined, read from the decoded frame instead")
    func escapes() {
        let id: CallID = "call-\"quoted\"\\"
        var steps = Self.groupCallSteps(id: id)
        steps[3].participants[1].invitedBy = "al\u{1}ice"
        let frames = Self.connection(compactEvents: true, steps: steps)
        for verdicts in agree(on: frames, as: Self.alice) {
            #expect(verdicts.dropFirst().allSatisfy { if case .declined(_?) = $0 { true } else { false } })
        }
    }

    /// A few frames of each form, each spoiled every way below: cut short at every byte, and each byte
    /// replaced by what JSON cares about.
    @Test("frames cut short and spoiled byte by byte: never read otherwise than WireCodec reads them, nothing kept from a frame declined")
    func spoiledFrames() {
        let steps = Self.groupCallSteps()
        let connection = Self.connection(compactEvents: true, steps: steps)
        // The welcome, a full event, a compact event and a compact call reply; then frames read alone.
        let prefix = Array(connection.prefix(4))
        let alone = [
            WireCodec.encode(.response(Response(id: 3, result: .success(.empty)))),
            WireCodec.encode(.response(Response(id: 3, result: .failure(SignalingError(.overloaded, "busy"))))),
            WireCodec.encode(.event(EventEnvelope(sequence: 1, time: t0, event: .call(CallNotification(
                kind: .timedOut(.offline), call: Self.call(bobIn: .timedOut(.offline), callState: .ended(CallEnd(reason: .offline, by: nil, at: at(3))))))))),
        ]
        let replacements: [UInt8] = Array(#""\{}[],:0x"#.utf8) + [0x00, 0xFF]
        var spoiled = 0
        func spoil(_ bytes: [UInt8], after earlier: [[UInt8]]) {
            var connection = ScannerAgreement(viewer: "bob", caller: "alice", callee: "bob")
            for frame in earlier { _ = connection.read(frame) }
            var variants = (0..<bytes.count).map { Array(bytes.prefix($0)) }
            for index in bytes.indices {
                for byte in replacements where byte != bytes[index] {
                    var variant = bytes
                    variant[index] = byte
                    variants.append(variant)
                }
                var removed = bytes
                removed.remove(at: index)
                variants.append(removed)
            }
            for variant in variants {
                var reader = connection
                if case .failure(let disagreement) = reader.read(variant) { Issue.record("\(disagreement)") }
                spoiled += 1
            }
        }
        for index in 1..<prefix.count { spoil(prefix[index], after: Array(prefix.prefix(index))) }
        for bytes in alone { spoil(bytes, after: []) }
        #expect(spoiled > 10_000)
    }

    // MARK: The fuzz target's inputs

    /// Each file of `folder` (under Fuzz/) read as the `frame-scanner` target reads an input: one connection's
    /// frames, one a line, from the target's three sides; the verdicts of all.
    func fuzzInputs(_ folder: String) throws -> (names: [String], verdicts: [ScannerAgreement.Verdict]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/\(folder)").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        var verdicts: [ScannerAgreement.Verdict] = []
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: url.appendingPathComponent(name)))
            let frames = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            verdicts += agree(on: frames, as: Self.alice).joined()
        }
        return (names, verdicts)
    }

    @Test("the fuzz target's seeds (Fuzz/corpus/frame-scanner): read alike, and every kind of frame among them")
    func fuzzSeeds() throws {
        let (names, verdicts) = try fuzzInputs("corpus/frame-scanner")
        #expect(names.contains("group-call-compact.jsonl") && names.count >= 40)
        #expect(verdicts.count { $0 == .read } > 100)
        #expect(verdicts.contains(.declined(nil)) && verdicts.contains { if case .declined(_?) = $0 { true } else { false } })
    }

    @Test("the fuzz target's crash inputs (Fuzz/regressions/frame-scanner): read alike")
    func fuzzRegressions() throws {
        let (names, _) = try fuzzInputs("regressions/frame-scanner")
        #expect(!names.isEmpty)
    }

    // MARK: The frame log

    static let frameLogVariable = "SWITCHBOARD_FRAME_LOG_COMPARE"
    static let frameLogPath = ProcessInfo.processInfo.environment[frameLogVariable].flatMap { $0.isEmpty ? nil : $0 }

    /// Every server frame of the log, each call's frames in the log's order as one connection (whatever
    /// connections they crossed: both ends apply one rule to the same frames, so they hold the same calls),
    /// seen by its caller and by its first invitee; the frames of no call on one connection of their own.
    @Test("every server frame of the frame log SWITCHBOARD_FRAME_LOG_COMPARE names", .enabled(if: frameLogPath != nil))
    func frameLog() throws {
        let path = try #require(Self.frameLogPath)
        guard let file = fopen(path, "r") else {
            Issue.record("cannot open the frame log \(path) that \(Self.frameLogVariable) names")
            return
        }
        defer { fclose(file) }
        var calls: [CallID: [ScannerAgreement]] = [:]
        var others = ScannerAgreement(viewer: "nobody", caller: "nobody", callee: "nobody")
        var tally: [String: Int] = [:]
        var disagreements = 0
        var lineNumber = 0
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while true {
            let length = getline(&line, &capacity, file)
            guard length >= 0, let line else { break }
            lineNumber += 1
            let text = UnsafeRawBufferPointer(start: line, count: length)
            let entry = try JSONParser(limits: .maximum).parse(bytes: Array(text))
            guard entry["dir"]?.stringValue == FrameLog.Direction.serverToClient.rawValue, let frame = entry["frame"] else { continue }
            let bytes = try JSONSerializer().serializeBytes(frame)
            let call = frame["body"]?["call"] ?? frame["ok"]?["call"]
            let id = call?["id"]?.stringValue.map { CallID(rawValue: $0) }
            var readers: [ScannerAgreement]
            if let id, let held = calls[id] {
                readers = held
            } else if let call, let caller = call["caller"]?.stringValue {
                // The call's first full frame in the log: its caller and its first invitee look at it.
                let users = call["participants"]?.arrayValue?.compactMap { $0["user"]?.stringValue } ?? []
                let callee = users.first { $0 != caller } ?? caller
                readers = [caller, callee].map { ScannerAgreement(viewer: UserID($0), caller: UserID(caller), callee: UserID(callee)) }
            } else if call != nil {
                // A compact frame of a call whose first frame the log does not hold: neither end can read it.
                readers = [ScannerAgreement(viewer: "nobody", caller: "nobody", callee: "nobody")]
            } else {
                readers = [others]
            }
            for index in readers.indices {
                switch readers[index].read(bytes) {
                case .success(.read): tally["read", default: 0] += 1
                case .success(.declined(nil)): tally["of other kinds", default: 0] += 1
                case .success(.declined(_?)):
                    tally["declined", default: 0] += 1
                    // Nothing in the server's frames needs an escape where the scanner reads.
                    if !bytes.contains(UInt8(ascii: "\\")) {
                        Issue.record("line \(lineNumber): declined, though it holds no escape: \(String(decoding: bytes, as: UTF8.self))")
                    }
                case .success(.refused): tally["refused by both", default: 0] += 1
                case .success(.trusted): tally["trusted", default: 0] += 1
                case .failure(let disagreement):
                    disagreements += 1
                    if disagreements <= 20 { Issue.record("line \(lineNumber): \(disagreement)") }
                }
            }
            if call == nil {
                others = readers[0]
            } else if let id, readers.count == 2 {
                // Both ends drop a call once a frame shows it ended; its next frame carries its facts again.
                calls[id] = call?["state"]?.stringValue == "ended" ? nil : readers
            }
        }
        let frames = tally.values.reduce(0, +)
        print("frame log \(path): \(lineNumber) lines, \(frames) readings of server frames: "
              + tally.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        #expect(disagreements == 0)
        #expect(tally["read", default: 0] > 0, "the log holds no server frame the scanner reads")
    }
}
