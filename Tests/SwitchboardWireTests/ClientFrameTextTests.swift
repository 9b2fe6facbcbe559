import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// The client frames the load generator's lean engine writes from fixed text (docs/PERFORMANCE.md, "The
/// load generator"): byte for byte what `WireCodec` writes, whatever the ids.
@Suite("Client frames written from fixed text")
struct ClientFrameTextTests {
    func text(_ write: (inout [UInt8]) -> Void) -> String {
        // Appended after what the buffer held: the writer reuses one buffer.
        var bytes = Array("earlier".utf8)
        write(&bytes)
        #expect(bytes.starts(with: "earlier".utf8))
        return String(decoding: bytes.dropFirst(7), as: UTF8.self)
    }

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
                    #expect(text { ClientFrameText.request(id: id, operation, to: &$0) }
                            == codec(.request(Request(id: RequestID(rawValue: id), operation: operation))))
                }
            }
        }
    }

    @Test("an invite from its template, acknowledgements and pings")
    func templatesAndHeartbeats() {
        let invite = ServiceOperation.invite(InviteRequest(invitees: ["load-1-e1"], profile: .nativeAdvanced,
                                                           parameters: CallParameters(ringTimeout: .seconds(2), confirmsAccept: true)))
        let template = ClientFrameText.template(of: invite)
        for id in Self.ids {
            #expect(text { ClientFrameText.request(id: id, invite, template: template, to: &$0) }
                    == codec(.request(Request(id: RequestID(rawValue: id), operation: invite))))
            #expect(text { ClientFrameText.acknowledgement(id, to: &$0) } == codec(.ack(id)))
        }
        #expect(text { ClientFrameText.ping(to: &$0) } == codec(.ping))
    }
}
