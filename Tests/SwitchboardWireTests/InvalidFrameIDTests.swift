import Testing
import SwitchboardWire

/// A frame refused for its form but whose id can be read is answered to that request
/// (docs/SECURITY.md, "Log and metric hygiene").
@Suite("Ids of refused frames")
struct InvalidFrameIDTests {
    @Test("a duplicate key or an integer past Int64 still yields the request id", arguments: [
        #"{"t":"req","id":7,"op":"call.active","op":"call.active"}"#,
        #"{"t":"req","id":7,"op":"call.active","args":{"n":123456789012345678901234567890}}"#,
        #"{"t":"req","id":7,"id":7,"op":"call.active"}"#,
        // Fuzz/regressions/client-frame/duplicate-key-readable-id, with its id.
        #"{"t":"req","t":"req","id":7,"op":"call.caers","body":{"channel":"ro/m"}}"#,
    ])
    func readable(text: String) {
        // The embedded transport reads the id with requestID(in:): it must agree with the server's decoder
        // (the client-frame fuzz target found that it read none here).
        #expect(WireCodec.requestID(in: Array(text.utf8)) == 7)
        #expect(throws: InvalidClientFrame.self) { try WireCodec.decodeClientFrameWithRequestID(text) }
        do {
            _ = try WireCodec.decodeClientFrameWithRequestID(text)
        } catch {
            #expect(error.requestID == 7)
            #expect(error.error.code == .service(.invalidFrame))
        }
        do {
            _ = try WireCodec.decodeClientFrameWithRequestID(Array(text.utf8))
        } catch {
            #expect(error.requestID == 7)
        }
    }

    @Test("no id is made up: an id that is not a whole number in range, a frame that is not a request, or a syntax error", arguments: [
        #"{"t":"req","id":123456789012345678901234567890,"op":"x","op":"y"}"#,
        #"{"t":"req","id":1.5,"op":"x","op":"y"}"#,
        #"{"t":"req","id":-1,"op":"x","op":"y"}"#,
        #"{"t":"ack","id":7,"seq":1,"seq":2}"#,
        #"{"t":"req","id":7,"op":"#,
    ])
    func unreadable(text: String) {
        #expect(WireCodec.requestID(in: Array(text.utf8)) == nil)
        do {
            _ = try WireCodec.decodeClientFrameWithRequestID(text)
            Issue.record("decoded \(text)")
        } catch {
            #expect(error.requestID == nil)
        }
    }
}
