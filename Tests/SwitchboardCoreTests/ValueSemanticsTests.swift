import Testing
@testable import SwitchboardCore

/// The representation choices made for speed keep plain value semantics: the call's shared facts box
/// (copy on write, equality and hashing by content), and the millisecond conversions of durations.
@Suite("Value semantics")
struct ValueSemanticsTests {
    private func makeCall(payload: String? = "hello") -> Call {
        Call(id: "call-1", caller: "alice", mode: .general, policy: CallPolicy(), mediaType: .audio,
             roomID: "room", groupID: "group", payload: payload, attachments: ["k": "v"],
             participants: [Participant(user: "alice", role: .caller, invitedBy: nil, state: .accepted, at: t0)],
             createdAt: t0)
    }

    @Test func settingAFactOnACopyLeavesTheOriginal() {
        let original = makeCall()
        var copy = original
        copy.payload = "changed"
        copy.roomID = nil
        copy.groupID = "other"
        copy.mediaType = .video
        copy.attachments = [:]
        #expect(original.payload == "hello")
        #expect(original.roomID == "room")
        #expect(original.groupID == "group")
        #expect(original.mediaType == .audio)
        #expect(original.attachments == ["k": "v"])
        #expect(copy.payload == "changed")
        #expect(copy.roomID == nil)
        #expect(copy.groupID == "other")
        #expect(copy.mediaType == .video)
        #expect(copy.attachments.isEmpty)
        #expect(copy.id == original.id && copy.caller == original.caller && copy.createdAt == original.createdAt)
    }

    @Test func callsWithEqualContentAreEqualAndHashAlike() {
        let a = makeCall()
        let b = makeCall() // same content, another facts box
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)

        var c = makeCall()
        c.payload = "other"
        #expect(a != c)
        c.payload = "hello"
        #expect(a == c)

        var d = a
        d.participants[0].isOnline = false
        #expect(a != d)
        var e = a
        e.state = .connected
        #expect(a != e)
        var f = a
        f.connectedAt = t0
        #expect(a != f)
    }

    @Test func aCallDescribesItsPropertiesByName() {
        let text = String(describing: makeCall())
        for name in ["id:", "caller:", "policy:", "payload:", "participants:", "state:", "createdAt:"] {
            #expect(text.contains(name), "\(name) missing from \(text)")
        }
    }

    @Test func wholeMillisecondsTruncateTowardZeroLikeTheComponents() {
        let durations: [Duration] = [
            .zero, .milliseconds(1), .milliseconds(-1), .seconds(60), .seconds(-3600), .microseconds(1500),
            .microseconds(-1500), .nanoseconds(999_999), .nanoseconds(-999_999),
            Duration(secondsComponent: -1, attosecondsComponent: 5),
            Duration(secondsComponent: 1, attosecondsComponent: -5),
            .seconds(86_400 * 365 * 1000) + .nanoseconds(1),
        ]
        for duration in durations {
            let (seconds, attoseconds) = duration.components
            #expect(duration.wholeMilliseconds == seconds * 1000 + attoseconds / 1_000_000_000_000_000,
                    "\(duration)")
        }
    }

    @Test func durationsBetweenTimestampsAreWholeMilliseconds() {
        for delta: Int64 in [0, 1, -1, 5_000, -86_400_000, 1_000_000_000_000] {
            let later = Timestamp(millisecondsSince1970: t0.millisecondsSince1970 + delta)
            #expect(t0.duration(to: later) == .milliseconds(delta))
            #expect(Duration.wholeMilliseconds(delta) == .milliseconds(delta))
            #expect(t0 + t0.duration(to: later) == later)
        }
    }
}
