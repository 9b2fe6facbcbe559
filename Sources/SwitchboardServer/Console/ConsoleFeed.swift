import NIOCore
import Synchronization
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The console's live feed (docs/SERVER.md, "Console"): once a second, one sample of an app's activity
/// (calls placed and ended per second, live calls, sessions by surface, ring latency percentiles, errors
/// by code), as a server-sent event to every viewer of that app.
///
/// One sampler per app with viewers, whatever their number: the sample is taken and encoded once and
/// the same bytes go to each viewer, so a viewer costs one buffer write a second. Viewers are capped
/// (``maxViewers``), and a stream ends after ``maxStreamDuration`` (the page reconnects), so nothing is
/// held for a viewer that went away without closing.
final class ConsoleFeed: Sendable {
    static let maxViewers = 64
    static let interval = Duration.seconds(1)
    static let maxStreamDuration = Duration.seconds(30 * 60)

    private let service: SignalingService
    private let cluster: (any ClusterMembership)?
    private let serializer = JSONSerializer(sortedKeys: true)

    private struct Viewer {
        let continuation: AsyncStream<ByteBuffer>.Continuation
        let until: Timestamp
    }

    private struct State {
        var viewers: [AppID: [UInt64: Viewer]] = [:]
        var samplers: [AppID: Task<Void, Never>] = [:]
        var nextViewer: UInt64 = 0
        var count: Int { viewers.values.reduce(0) { $0 + $1.count } }
    }

    private let state = Mutex(State())

    init(service: SignalingService, cluster: (any ClusterMembership)?) {
        self.service = service
        self.cluster = cluster
    }

    /// How many viewers are connected now (for tests and the feed's cost measurement).
    var viewerCount: Int { state.withLock { $0.count } }

    /// A new viewer of `app`'s feed: its events, starting with a sample now. Throws `rate_limited` past
    /// ``maxViewers``.
    func subscribe(app: AppID) throws(SignalingError) -> AsyncStream<ByteBuffer> {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(8))
        let until = service.clock.now() + Self.maxStreamDuration
        let id: UInt64? = state.withLock { state in
            guard state.count < Self.maxViewers else { return nil }
            state.nextViewer += 1
            state.viewers[app, default: [:]][state.nextViewer] = Viewer(continuation: continuation, until: until)
            if state.samplers[app] == nil {
                state.samplers[app] = Task { [weak self] in await self?.sample(app) }
            }
            return state.nextViewer
        }
        guard let id else {
            throw SignalingError(.rateLimited, "the console's feed has \(Self.maxViewers) viewers already")
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id, of: app) }
        return stream
    }

    private func remove(_ id: UInt64, of app: AppID) {
        state.withLock { state in
            state.viewers[app]?[id] = nil
            if state.viewers[app]?.isEmpty == true {
                state.viewers[app] = nil
                state.samplers.removeValue(forKey: app)?.cancel()
            }
        }
    }

    /// Samples `app` every ``interval`` while it has viewers, on the service's clock (a test's clock
    /// drives it).
    private func sample(_ app: AppID) async {
        var previous: AppActivity?
        var next = service.clock.now()
        while !Task.isCancelled {
            let current = service.activity(app: app)
            let bytes = ByteBuffer(string: "event: activity\ndata: " + encode(current, since: previous, app: app) + "\n\n")
            previous = current
            let now = service.clock.now()
            let expired: [AsyncStream<ByteBuffer>.Continuation] = state.withLock { state in
                var expired: [AsyncStream<ByteBuffer>.Continuation] = []
                for viewer in (state.viewers[app] ?? [:]).values {
                    if viewer.until <= now { expired.append(viewer.continuation) } else { viewer.continuation.yield(bytes) }
                }
                return expired
            }
            expired.forEach { $0.finish() }
            next = next + Self.interval
            do {
                try await service.clock.sleep(until: next)
            } catch {
                return
            }
        }
    }

    /// One event's JSON (docs/openapi.yaml, `ConsoleActivity`).
    private func encode(_ sample: AppActivity?, since previous: AppActivity?, app: AppID) -> String {
        guard let sample else {
            var object: JSONObject = ["time": .int(service.clock.now().millisecondsSince1970), "hosted": .bool(false)]
            object["hostedBy"] = (cluster?.host(of: app)).map(JSONValue.string) ?? .null
            return (try? serializer.serialize(.object(object))) ?? "{}"
        }
        let seconds = previous.map { max(0.001, Double(sample.time.millisecondsSince1970 - $0.time.millisecondsSince1970) / 1000) }
        func rate(_ now: Int, _ before: Int?) -> JSONValue {
            guard let before, let seconds else { return .null }
            return .double((Double(now - before) / seconds * 10).rounded() / 10)
        }
        var errors: JSONObject = [:]
        for (code, count) in sample.errors {
            let delta = count - (previous?.errors[code] ?? 0)
            if delta > 0 { errors[code] = .int(Int64(delta)) }
        }
        let latency = sample.ringLatency
        let object: JSONObject = [
            "time": .int(sample.time.millisecondsSince1970),
            "hosted": .bool(true),
            "node": (cluster?.nodeName).map(JSONValue.string) ?? .null,
            "callsPerSecond": rate(sample.callsStarted, previous?.callsStarted),
            "endedPerSecond": rate(sample.callsEnded, previous?.callsEnded),
            "callsStarted": .int(Int64(sample.callsStarted)),
            "ringing": .int(Int64(sample.ringing)),
            "connected": .int(Int64(sample.connected)),
            "sessions": counts(sample.sessionsBySurface),
            "detachedSessions": .int(Int64(sample.detachedSessions)),
            "ringLatency": .object([
                "p50": latency.p50.map(JSONValue.int) ?? .null,
                "p90": latency.p90.map(JSONValue.int) ?? .null,
                "p99": latency.p99.map(JSONValue.int) ?? .null,
                "count": .int(Int64(latency.count)),
            ]),
            // Errors in this interval by code (none on the first sample), and since the app was hosted.
            "errors": .object(previous == nil ? [:] : errors),
            "errorsTotal": counts(sample.errors),
            "callsVersion": .int(Int64(truncatingIfNeeded: sample.callsVersion)),
        ]
        return (try? serializer.serialize(.object(object))) ?? "{}"
    }
}

/// Counts by name as a JSON object.
func counts(_ counts: [String: Int]) -> JSONValue {
    .object(JSONObject(counts.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.int(Int64($0.value))) }))
}
