import AgoraTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardWire
import SwitchboardTesting

/// A fresh world, users on one shared callback queue and a shared timeline.
struct AgoraScene {
    let world: TestWorld
    let timeline = AgoraTimeline()
    let queue = DispatchQueue(label: "agora.test.shared")

    init(world: TestWorld = TestWorld()) {
        self.world = world
    }

    func user(_ name: String, faults: FaultInjector? = nil) -> AgoraUser {
        AgoraUser(name, in: world, queue: queue, faults: faults, timeline: timeline)
    }

    /// A caller and a callee, both logged in, with their logs cleared of the login.
    func loggedInPair(_ first: String, _ second: String) async throws -> (AgoraUser, AgoraUser) {
        let (one, two) = (user(first), user(second))
        try await one.login(in: world)
        try await two.login(in: world)
        one.clear()
        two.clear()
        return (one, two)
    }
}

/// A frame predicate: a request of the service operation named `name` ("call.ack", "call.confirm").
func isRequest(_ name: String) -> @Sendable (ClientFrame) -> Bool {
    { frame in
        if case .request(let request) = frame { request.operation.name == name } else { false }
    }
}

/// A predicate for hellos.
let isHello: @Sendable (ClientFrame) -> Bool = { frame in
    if case .hello = frame { true } else { false }
}
