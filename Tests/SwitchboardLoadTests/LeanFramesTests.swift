import NIOCore
import Testing
import SwitchboardCore
import SwitchboardProfiles
@testable import SwitchboardLoad
import SwitchboardWire

/// The lean engine's client frames (docs/PERFORMANCE.md, "The load generator"): byte for byte what
/// `WireCodec` writes, whatever the ids.
@Suite("Lean engine: writing client frames")
struct LeanFramesTests {
    let allocator = ByteBufferAllocator()

    func text(_ buffer: ByteBuffer) -> String { String(buffer: buffer) }

    func codec(_ frame: ClientFrame) -> String { String(decoding: WireCodec.encode(frame), as: UTF8.self) }

    static let calls: [CallID] = ["c-1", "0193f4e2-7b1c-7c3e-9a55-3f1f0b8f2d11", "caf\u{E9} \u{4E2D}", "quote\"d", "back\\slash", "tab\there", "del\u{7F}", "</script>"]
    static let ids: [Int64] = [0, 1, 9, 10, 12_345, Int64.max]

    @Test("every call action the flows and the duties send, for every kind of call id and request id")
    func callActions() {
        let actions: [CallAction] = [.acknowledge, .accept(data: nil), .end(data: nil), .cancel(invitees: nil, data: nil),
                                     .confirm(invitee: "load-1-e1"), .confirm(invitee: "we\"ird")]
            + RejectionReason.allCases.map { .reject(data: nil, reason: $0) }
            // Not templated: WireCodec writes these.
            + [.accept(data: "x"), .cancel(invitees: ["a"], data: nil), .quit(data: nil)]
        for call in Self.calls {
            for action in actions {
                for id in Self.ids {
                    let operation = ServiceOperation.call(call, action)
                    #expect(text(LeanFrames.request(id: id, operation, allocator: allocator))
                            == codec(.request(Request(id: RequestID(rawValue: id), operation: operation))))
                }
            }
        }
    }

    @Test("an invite from its template, acknowledgements and pings")
    func templatesAndHeartbeats() {
        let invite = ServiceOperation.invite(InviteRequest(invitees: ["load-1-e1"], profile: .nativeAdvanced,
                                                           parameters: CallParameters(ringTimeout: .seconds(2), confirmsAccept: true)))
        let template = LeanFrames.template(of: invite)
        for id in Self.ids {
            #expect(text(LeanFrames.request(id: id, invite, template: template, allocator: allocator))
                    == codec(.request(Request(id: RequestID(rawValue: id), operation: invite))))
            #expect(text(LeanFrames.acknowledgement(id, allocator: allocator)) == codec(.ack(id)))
        }
        #expect(text(LeanFrames.ping(allocator: allocator)) == codec(.ping))
    }
}
