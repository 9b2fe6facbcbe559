// The client-frame decoder's fuzz target (docs/SECURITY.md, "Fuzzing"): every input is one WebSocket
// message from a client, which the server hands to `WireCodec.decodeClientFrameWithRequestID` as bytes
// (a binary message) or as text. Besides AddressSanitizer's checks, the decoders must agree with each
// other as WireCodec documents, a decoded frame must survive encoding, and the server's answer to a bad
// frame must be a frame the client can read. A broken promise stops the run with `preconditionFailure`,
// which libFuzzer reports as a crash and saves.

import SwitchboardJSON
import SwitchboardWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzClientFrame(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func fuzzClientFrame(_ bytes: [UInt8]) {
    let decoded = Result { () throws(InvalidClientFrame) in try WireCodec.decodeClientFrameWithRequestID(bytes) }
    checkDecoders(bytes, agreeWith: decoded)
    switch decoded {
    case .success(let frame):
        checkEncoding(frame)
    case .failure(let invalid):
        checkAnswer(to: invalid)
    }
}

// MARK: Decoding

/// Text and bytes, the plain decoder, the decoder over a parsed `JSONValue` and the request-id readers
/// give one verdict: the same frame, or the same error and request id.
func checkDecoders(_ bytes: [UInt8], agreeWith decoded: Result<ClientFrame, InvalidClientFrame>) {
    if let text = String(validating: bytes, as: UTF8.self) {
        let fromText = Result { () throws(InvalidClientFrame) in try WireCodec.decodeClientFrameWithRequestID(text) }
        precondition(fromText == decoded, "text: \(fromText), bytes: \(decoded)")
    }
    let plain = Result { () throws(SignalingError) in try WireCodec.decodeClientFrame(bytes) }
    precondition(plain == decoded.mapError(\.error), "decodeClientFrame: \(plain), with the request id: \(decoded)")

    let parsed = Result { () throws(SignalingError) in try WireCodec.parse(bytes) }
    switch parsed {
    case .failure(let error):
        // A duplicate key or an integer past Int64 still leaves the id readable (a lenient parse).
        let id = WireCodec.requestID(in: bytes)
        precondition(decoded == .failure(InvalidClientFrame(error: error, requestID: id)), "parse: \(error), decode: \(decoded)")
    case .success(let json):
        let fromValue = Result { () throws(SignalingError) in try WireCodec.decodeClientFrame(json: json) }
        precondition(fromValue == plain, "decodeClientFrame(json:): \(fromValue), from the tree: \(plain)")
        if case .failure(let invalid) = decoded {
            precondition(invalid.requestID == WireCodec.requestID(in: json), "request id \(String(describing: invalid.requestID))")
        }
    }

    let requestID = WireCodec.requestID(in: bytes)
    switch decoded {
    case .success(.request(let request)): precondition(requestID == request.id, "requestID(in:) of a request")
    case .success: precondition(requestID == nil, "requestID(in:) of a frame other than a request")
    case .failure(let invalid): precondition(requestID == invalid.requestID, "requestID(in:) of an invalid frame")
    }
    if case .failure(let invalid) = decoded {
        let code = invalid.error.code
        let expected: [ServiceErrorCode] = [.frameTooLarge, .invalidFrame, .unknownOperation, .invalidRequest]
        precondition(expected.contains { code == .service($0) }, "a decoding error with code \(code)")
        precondition(invalid.requestID == nil || invalid.requestID!.rawValue >= 0, "negative request id")
    }
}

// MARK: Encoding

/// A frame the server accepted encodes (as `WireCodec` documents: byte for byte what serializing its
/// `JSONValue` gives), and decodes back to itself; encoding what decodes is stable.
func checkEncoding(_ frame: ClientFrame) {
    let encoded = WireCodec.encode(frame)
    let serialized = try? JSONSerializer().serializeBytes(WireCodec.json(frame))
    precondition(serialized == encoded, "encode and json(_:) differ for \(frame)")
    precondition(WireCodec.encodeText(frame) == String(decoding: encoded, as: UTF8.self), "encodeText")
    let again = Result { () throws(SignalingError) in try WireCodec.decodeClientFrame(encoded, limits: .maximum) }
    guard case .success(let decoded) = again, decoded == frame, decoded.hashValue == frame.hashValue else {
        preconditionFailure("round trip of \(frame): \(again) from \(String(decoding: encoded, as: UTF8.self))")
    }
    precondition(WireCodec.encode(decoded) == encoded, "encoding is not stable for \(frame)")
}

// MARK: The server's answer

/// What the server sends back for a frame it could not decode (`ServiceCore.receiveInvalid`): `refused`
/// before login, an error `res` to the request after it. Either must decode on the client as sent,
/// whatever of the hostile input the error's message quotes.
func checkAnswer(to invalid: InvalidClientFrame) {
    var answers: [ServerFrame] = [.refused(invalid.error)]
    if let id = invalid.requestID {
        answers.append(.response(Response(id: id, result: .failure(invalid.error))))
    }
    for answer in answers {
        let encoded = WireCodec.encode(answer)
        let decoded = Result { () throws(SignalingError) in try WireCodec.decodeServerFrame(encoded) }
        precondition(decoded == .success(answer), "the answer \(answer) reads back as \(decoded)")
    }
}
