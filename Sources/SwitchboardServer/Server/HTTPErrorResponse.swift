import Hummingbird
import NIOCore
import SwitchboardJSON
import SwitchboardWire

/// An error the server answers over plain HTTP: `{"error": {"code", "message"}}` in JSON, the code one of
/// the wire's stable codes (docs/openapi.yaml, `ErrorBody`). Thrown from a route, Hummingbird answers it.
struct HTTPErrorResponse: HTTPResponseError {
    var status: HTTPResponse.Status
    var error: SignalingError
    var headers: HTTPFields = [:]

    func response(from request: Request, context: some RequestContext) throws -> Response { response }

    var response: Response {
        JSONResponse.make(status: status, .object(["error": WireCodec.json(error)]), headers: headers)
    }
}

/// A JSON answer of the HTTP routes.
enum JSONResponse {
    private static let serializer = JSONSerializer(sortedKeys: false)

    static func make(status: HTTPResponse.Status, _ value: JSONValue, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        let text = (try? serializer.serialize(value)) ?? "{}"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
