// The "after" snippets of docs/PORTING.md that every surface shares, verbatim (see AgoraSnippets.swift).

import Dispatch
import Foundation
import SwitchboardClient

// MARK: - Notifications without `#selector` (docs/PORTING.md, "Selectors and target-action")

extension Notification.Name {
    static let callStateRequested = Notification.Name("callStateRequested")
}

final class CallStateResponder {
    private(set) var answeredPeers: [String] = []
    private var observer: NSObjectProtocol?

    init() {
        observer = NotificationCenter.default.addObserver(forName: .callStateRequested, object: nil, queue: nil) { [weak self] notification in
            guard let peerId = notification.userInfo?["peerId"] as? String else { return }
            self?.answeredPeers.append(peerId)
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}

// MARK: - The main queue (docs/PORTING.md, "The main queue")

func showIncomingCall(from callerId: String) -> String {
    dispatchPrecondition(condition: .onQueue(.main))
    return "incoming call from \(callerId)"
}

/// Statements a program runs once, at its start or its end: compiled here, never run (they would take
/// over the test process).
enum ProgramSnippets {
    static func pointAtServer() {
        ClientEnvironment.current = .network(url: "wss://signal.example.com/v1/signal")
    }

    static func serveTheMainQueue() -> Never {
        dispatchMain()
    }
}
