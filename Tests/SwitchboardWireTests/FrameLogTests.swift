import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

@Suite("Frame log")
struct FrameLogTests {
    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "switchboard-frame-log-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).jsonl"
    }

    static func lines(_ path: String) throws -> [JSONValue] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            try JSONParser(limits: .maximum).parse(String($0))
        }
    }

    @Test("a line per frame: direction, the op a res answers, the frame's JSON")
    func lineFormat() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let log = try #require(FrameLog(path: path))
        #expect(log.path == path)
        let request = ClientFrame.request(Request(id: 1, operation: .getCall("c")))
        let response = ServerFrame.response(Response(id: 1, result: .success(.call(ringingCall, skipped: []))))
        let event = ServerFrame.event(EventEnvelope(sequence: 1, time: t0, event: .tokenWillExpire(expiresAt: t0)))
        log.record(request)
        log.record(response, answering: "call.get")
        log.record(response)
        log.record(event, answering: "call.get")  // only a res names an op
        log.record(direction: .clientToServer, frame: ["t": "ping"])
        let lines = try Self.lines(path)
        #expect(lines == [
            ["dir": "c2s", "frame": WireCodec.json(request)],
            ["dir": "s2c", "op": "call.get", "frame": WireCodec.json(response)],
            ["dir": "s2c", "frame": WireCodec.json(response)],
            ["dir": "s2c", "frame": WireCodec.json(event)],
            ["dir": "c2s", "frame": ["t": "ping"]],
        ])
        let first = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0]
        #expect(first.hasPrefix(#"{"dir":"c2s","frame":{"t":"req","id":1,"op":"call.get""#))
    }

    @Test("appends to an existing file")
    func appends() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        try #require(FrameLog(path: path)).record(.ping)
        try #require(FrameLog(path: path)).record(.ack(1))
        #expect(try Self.lines(path).count == 2)
    }

    @Test("lines from many threads never interleave, large ones included")
    func concurrentWriters() async throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let log = try #require(FrameLog(path: path))
        let big = ClientFrame.request(Request(id: 1, operation: .renewToken(String(repeating: "x", count: 200_000))))
        let small = ClientFrame.request(Request(id: 2, operation: .invite(InviteRequest(invitees: ["bob"], payload: trickyText))))
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<40 {
                        log.record(index % 10 == writer % 10 ? big : small)
                    }
                }
            }
        }
        let lines = try Self.lines(path)
        #expect(lines.count == 8 * 40)
        for line in lines {
            let frame = line["frame"]
            #expect(frame == WireCodec.json(big) || frame == WireCodec.json(small))
        }
    }

    @Test("a file that cannot be opened gives no log")
    func unopenable() {
        #expect(FrameLog(path: "/nonexistent-directory-\(getpid())/frames.jsonl") == nil)
    }

    @Test("the shared log exists exactly when SWITCHBOARD_FRAME_LOG is set")
    func shared() {
        let variable = ProcessInfo.processInfo.environment[FrameLog.environmentVariable] ?? ""
        #expect((FrameLog.shared != nil) == !variable.isEmpty)
        if let shared = FrameLog.shared {
            #expect(shared.path == variable)
        }
    }
}
