import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import SwitchboardCore

/// One request to a provider and its whole answer, with async-http-client's failures read as verdicts:
/// the deadline passed (``ProviderVerdict/timedOut``), the task was cancelled (the sender shuts down),
/// anything else (the provider unreachable, the connection lost) worth another attempt.
struct ProviderExchange {
    var status: Int
    var headers: HTTPHeaders
    var body: ByteBuffer

    /// Bodies past this are cut: providers answer a few hundred bytes.
    static let maxBodyBytes = 64 * 1024

    static func perform(_ request: HTTPClientRequest, on client: HTTPClient, timeout: Duration,
                        logger: Logger) async -> Result<ProviderExchange, ProviderVerdict> {
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout.wholeMilliseconds) * 1_000_000)
        do {
            let response = try await client.execute(request, deadline: deadline, logger: logger)
            let body = try await response.body.collect(upTo: maxBodyBytes)
            return .success(ProviderExchange(status: Int(response.status.code), headers: response.headers, body: body))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return .failure(.timedOut)
        } catch let error as HTTPClientError where error == .cancelled {
            return .failure(.failed(status: nil, reason: "cancelled"))
        } catch is CancellationError {
            return .failure(.failed(status: nil, reason: "cancelled"))
        } catch {
            if Task.isCancelled { return .failure(.failed(status: nil, reason: "cancelled")) }
            return .failure(.retry(status: nil, reason: "unreachable: \(error)", retryAfter: nil))
        }
    }

    /// `Retry-After`, read against the wall clock.
    var retryAfter: Duration? { RetryAfter.delay(headers.first(name: "retry-after"), now: Date()) }
}
