// The server-frame scanner's fuzz target (docs/SECURITY.md, "Fuzzing"): every input is one connection's
// server frames, one per line, which the load generator's `ServerFrameScanner` and the client's
// `CompactEventDecoder` (`WireCodec`) both read, from three sides (the caller, the callee and a third user
// following another pair). Besides AddressSanitizer's checks, they must agree as the scanner documents
// (`ScannerAgreement`, the file the tests hold it to as well: Tests/SwitchboardWireTests/Support): a frame
// both read is read the same, a frame the scanner declines changes nothing in it, and a frame it reads
// that WireCodec refuses is refused for a value the scanner steps over. A broken promise stops the run
// with `preconditionFailure`, which libFuzzer reports as a crash and saves.

import SwitchboardCore
import SwitchboardWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzFrameScanner(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The users of the seeds (Fuzz/corpus/frame-scanner) and the dictionary.
let sides: [(viewer: UserID, caller: UserID, callee: UserID)] = [("alice", "alice", "bob"), ("bob", "alice", "bob"), ("carol", "bob", "carol")]

func fuzzFrameScanner(_ bytes: [UInt8]) {
    let frames = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    for side in sides {
        var connection = ScannerAgreement(viewer: side.viewer, caller: side.caller, callee: side.callee)
        for frame in frames {
            if case .failure(let disagreement) = connection.read(frame) {
                preconditionFailure("\(side.viewer) sees the scanner and WireCodec disagree: \(disagreement)")
            }
        }
    }
}
