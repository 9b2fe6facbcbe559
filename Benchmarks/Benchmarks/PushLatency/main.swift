// Invite-to-provider latency of the server's own push (docs/PERFORMANCE.md, "Push"): the built server (a
// subprocess, release) pushing to a local APNs (PushProviderDouble: HTTP/2 over TLS on loopback), callees whose
// phones registered a VoIP token and went away, callers placing invitations at a fixed rate (open loop) and
// cancelling each once it is placed. The latency of a push is from the moment the invite was sent to the
// moment the provider received the ring (both on this machine's wall clock). Loopback only.
//
//   PushLatency --server BINARY [--rate 500] [--seconds 20] [--callers 50] [--callees 1000]
//   PushLatency --provider-only --write-config FILE [--with-push true|false]
//       runs the local provider until its standard input closes, after writing a server configuration
//       (app "bench") that pushes to it, or the same app without push (Benchmarks/push-knee)
//   PushLatency --register-only --config FILE --url URL --prefix P --pairs N
//       registers a phone token for each of the load generator's callees <P>-e<n> of a running server
//       configured with FILE (Benchmarks/push-knee), then exits.
//
// Hand-written rather than an ordo-one benchmark: it measures a server process and a provider in real time,
// which that tool does not drive.

import Foundation
import PushProviderDouble
import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

struct Options {
    var server = ""
    var rate = 500.0
    var seconds = 20.0
    var callers = 50
    var callees = 1000
    var registerOnly = false
    var config: String?
    var url: String?
    var prefix = "knee"
    var pairs = 1000
    var providerOnly = false
    var writeConfig: String?

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            let value = { iterator.next() ?? "" }
            switch argument {
            case "--server": server = value()
            case "--rate": rate = Double(value()) ?? rate
            case "--seconds": seconds = Double(value()) ?? seconds
            case "--callers": callers = Int(value()) ?? callers
            case "--callees": callees = Int(value()) ?? callees
            case "--register-only": registerOnly = true
            case "--config": config = value()
            case "--url": url = value()
            case "--prefix": prefix = value()
            case "--pairs": pairs = Int(value()) ?? pairs
            case "--provider-only": providerOnly = true
            case "--write-config": writeConfig = value()
            default: fail("unknown option \(argument)")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("push-latency: \(message)\n".utf8))
    exit(2)
}

let secret = "a-push-benchmark-secret-of-32-bytes-or-more"
let app = AppConfiguration(id: "bench", vendorIDs: ["bench"], secret: secret)

func session(_ user: UserID, device: DeviceID, url: String, app: AppConfiguration = app) async throws -> ClientSession {
    let token = try await SwitchboardToken.mint(app: app, user: user, expiresAt: Date().addingTimeInterval(3600))
    let session = ClientSession(configuration: ClientConfiguration(app: app.vendorIDs[0], user: user, device: device, token: token,
                                                                   surface: "bench"),
                                transport: WebSocketTransport(url: url), clock: .system())
    try await session.login()
    return session
}

/// Each of `users` logs in on its phone, registers a VoIP token and goes away, 50 at a time.
func registerPhones(_ users: [UserID], url: String, bundle: String, app: AppConfiguration = app) async throws {
    for batch in stride(from: 0, to: users.count, by: 50) {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, user) in users[batch..<min(batch + 50, users.count)].enumerated() {
                group.addTask {
                    let phone = try await session(user, device: "phone", url: url, app: app)
                    let token = String(format: "%064x", batch + offset + 1)
                    _ = try await phone.request(.registerPush(PushTokenRequest(platform: "apns.voip", token: token, topic: bundle)))
                    await phone.shutdown()
                }
            }
            try await group.waitForAll()
        }
    }
}

/// The server of `config`, started and listening; its WebSocket URL.
func startServer(_ binary: String, config: String, data: String) throws -> (Process, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["serve", "--port", "0", "--data", data, "--config", config, "--no-load-shedding",
                         "--request-rate", "1000000"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { fail("the server ended before it listened") }
        line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let url = text.split(separator: " ").last.map({ String($0).trimmingCharacters(in: .whitespacesAndNewlines) }) else {
        fail("no address in \(text)")
    }
    return (process, url)
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

let options = Options(CommandLine.arguments)

if options.registerOnly {
    // For Benchmarks/push-knee: the load generator's callees of a configured server get phones.
    guard let path = options.config, let url = options.url else { fail("--register-only needs --config and --url") }
    let file = try ServerConfigFile.load(path: path)
    guard let configured = file.apps.first, let bundle = file.push[configured.id]?.apns?.bundleID else {
        fail("\(path) has no app with apns push")
    }
    let users = (0..<options.pairs).map { UserID("\(options.prefix)-e\($0)") }
    try await registerPhones(users, url: url, bundle: bundle, app: configured)
    print("registered \(users.count) phones")
    exit(0)
}

/// A server configuration for app "bench": pushing to `double`, or (`push` false) the same app without push.
func configuration(for double: PushProviderDouble, push: Bool) -> String {
    let files = double.credentials
    let pushes = push ? """
        , "push": {"apns": {"keyFile": "\(files.apnsKeyPath)", "keyID": "\(files.apnsKeyID)", "teamID": "\(files.apnsTeamID)",
                          "bundleID": "\(files.apnsBundleID)", "productionURL": "\(double.baseURL)", "sandboxURL": "\(double.baseURL)"},
                 "queueCapacity": 10000, "trustRootsFile": "\(files.caCertificatePath)"}
        """ : ""
    return """
        {"apps": [{"id": "bench", "secret": "\(secret)", "vendorIDs": ["bench"]\(pushes)}],
         "limits": {"maxPendingInvitationsPerUser": 1000, "maxActiveCallsPerUser": 1000}}
        """
}

let double = try await PushProviderDouble.start()
if options.providerOnly {
    guard let path = options.writeConfig else { fail("--provider-only needs --write-config FILE") }
    try configuration(for: double, push: true).write(toFile: path, atomically: true, encoding: .utf8)
    try configuration(for: double, push: false).write(toFile: path + ".off", atomically: true, encoding: .utf8)
    FileHandle.standardOutput.write(Data("provider ready at \(double.baseURL)\n".utf8))
    // Until whoever started it closes our standard input.
    while !FileHandle.standardInput.availableData.isEmpty {}
    print("provider received \(double.apnsRequests.count) APNs requests")
    await double.stop()
    exit(0)
}
guard !options.server.isEmpty else { fail("--server BINARY is required") }
let files = double.credentials
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-latency-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let configPath = folder.appendingPathComponent("config.json").path
try configuration(for: double, push: true).write(toFile: configPath, atomically: true, encoding: .utf8)
let (server, url) = try startServer(options.server, config: configPath, data: folder.appendingPathComponent("store.sqlite").path)
defer { server.terminate() }

let callees = (0..<options.callees).map { UserID("callee-\($0)") }
try await registerPhones(callees, url: url, bundle: files.apnsBundleID)
var callers: [ClientSession] = []
for index in 0..<options.callers {
    callers.append(try await session(UserID("caller-\(index)"), device: "desk", url: url))
}

/// When each invitation was sent, by call id once placed.
let sent = Mutex<[String: Date]>([:])
let failures = Mutex(0)
let interval = 1.0 / options.rate
let total = Int(options.rate * options.seconds)
let start = ContinuousClock.now
await withTaskGroup(of: Void.self) { group in
    for index in 0..<total {
        let due = start + .seconds(Double(index) * interval)
        try? await Task.sleep(until: due, clock: .continuous)
        let caller = callers[index % callers.count]
        let callee = callees[index % callees.count]
        group.addTask {
            let at = Date()
            do {
                let call = try await caller.invite(InviteRequest(invitees: [callee], payload: "bench"))
                sent.withLock { $0[call.id.rawValue] = at }
                _ = try? await caller.act(.cancel(invitees: nil, data: nil), on: call.id)
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
    }
    await group.waitForAll()
}
let offered = ContinuousClock.now - start
// The last pushes are on their way.
_ = await double.waitForRequests(timeout: .seconds(10)) { requests in
    Set(requests.compactMap { $0.header("apns-collapse-id") }).count >= sent.withLock { $0.count }
}

var firstArrival: [String: Date] = [:]
var cancels = 0
for request in double.apnsRequests {
    guard let call = request.header("apns-collapse-id") else { continue }
    if firstArrival[call] == nil { firstArrival[call] = request.arrivedAt } else { cancels += 1 }
}
let latencies = sent.withLock { placed in
    placed.compactMap { call, at in firstArrival[call].map { $0.timeIntervalSince(at) * 1000 } }.sorted()
}
let placed = sent.withLock { $0.count }
print("offered \(total) invitations at \(options.rate)/s in \(offered); placed \(placed), failed \(failures.withLock { $0 })")
print("rings received \(latencies.count) of \(placed), cancels \(cancels)")
print(String(format: "invite-to-provider latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f",
             percentile(latencies, 0.5), percentile(latencies, 0.9), percentile(latencies, 0.99), latencies.last ?? .nan))
for caller in callers { await caller.shutdown() }
await double.stop()
