import SwitchboardCore
import SwitchboardWire

/// What the current step of the service holds back (docs/ARCHITECTURE.md, "Steps and durability"): its
/// store writes, and what it tells anyone, which goes out only once the writes are durable.
struct StepOutbox {
    enum Delivery {
        case frame(any ServiceConnection, ServerFrame)
        case encoded(any ServiceConnection, [UInt8])
        case close(any ServiceConnection)
        case backend(BackendEvent)
        /// Pushes a transition decided (``ServiceCore/planPushes(_:in:at:)``).
        case push([PushJob])
    }

    /// Writes not handed to the stores yet, in order.
    var writes: [StoreWrite] = []
    /// Whether a record joined ``ServiceCore/pendingRecords`` in this step: then every pending record is
    /// written with the step.
    var recordsChanged = false
    /// Frames, closes and backend events, in the order the step produced them.
    var deliveries: [Delivery] = []
    /// Apps whose writes the store refused as fenced (``StoreCommitError/fenced(apps:reason:)``): the node
    /// lost their leases.
    var fencedApps: Set<AppID> = []
}

extension ServiceCore: LockedSteps {
    /// The end of a step; every hold of the service's lock ends with it. The step's writes reach the
    /// store engine first (one commit, whatever the step wrote), then the
    /// frames, closes and backend events the step produced go out, in order: nobody is told of a
    /// transition before it is durable, and a step costs one commit however many writes it made.
    func endOfStep() {
        if !outbox.writes.isEmpty || outbox.recordsChanged {
            writeStep()
        }
        if !outbox.fencedApps.isEmpty {
            let apps = outbox.fencedApps
            outbox.fencedApps = []
            fenced(apps, at: lastNow)
        }
        guard !outbox.deliveries.isEmpty else { return }
        for delivery in outbox.deliveries {
            switch delivery {
            case .frame(let connection, let frame): connection.send(frame)
            case .encoded(let connection, let bytes): connection.send(encoded: bytes)
            case .close(let connection): connection.close()
            case .backend(let event): backendEvents?.deliver(event)
            case .push(let jobs): pushes?.dispatch(jobs)
            }
        }
        // The usual step's few frames keep their buffer; a rare huge one (a shutdown's byes) gives it back.
        outbox.deliveries.removeAll(keepingCapacity: outbox.deliveries.count <= 256)
    }

    /// Queues a write for the end of the step. A call written again right after its last write (a
    /// deadline carried out before the command that follows it) is written once, as it is last.
    func write(_ write: StoreWrite) {
        if let last = outbox.writes.last, last.isSuperseded(by: write) {
            outbox.writes[outbox.writes.count - 1] = write
        } else {
            outbox.writes.append(write)
        }
    }

    /// Tells the app's backend at the end of the step (``BackendEventSink``), after the step's writes.
    func deliverToBackend(_ event: BackendEvent) {
        guard backendEvents != nil else { return }
        outbox.deliveries.append(.backend(event))
    }

    /// Commits the step's writes so far: ``endOfStep()`` does at the end, and a request whose answer
    /// depends on its write (``setProfile(nickname:avatarURL:extendedData:for:in:at:followUps:)``) or
    /// that reads the store does at once. A failure is logged; a record that failed stays pending and is
    /// retried with the next record; a live call's write that failed is retried with the next commit
    /// (unless a later one of the same call replaced it); the apps whose writes were fenced are given up
    /// at the end of the step. Returns the writes that failed.
    @discardableResult
    func writeStep() -> [(write: StoreWrite, error: StoreCommitError)] {
        var writes: [StoreWrite] = []
        swap(&writes, &outbox.writes)
        // Live-call writes that failed before go first, so that the step's own writes of the same calls come
        // after them.
        let retried = Set(pendingCallWrites.keys)
        if !retried.isEmpty {
            writes = pendingCallWrites.sorted { $0.key < $1.key }.map(\.value) + writes
            pendingCallWrites = [:]
        }
        let withRecords = outbox.recordsChanged
        if withRecords {
            writes += pendingRecords.map { StoreWrite.record($0.0, $0.1) }
            outbox.recordsChanged = false
        }
        guard !writes.isEmpty else { return [] }
        let failures: [(write: StoreWrite, error: StoreCommitError)]
        do throws(StoreCommitError) {
            try store.commit(writes)
            failures = []
        } catch {
            let notWritten = error.appsNotWritten(of: Set(writes.map(\.app)))
            failures = writes.filter { notWritten.contains($0.app) }.map { ($0, error) }
            if case .fenced(let apps, _) = error { outbox.fencedApps.formUnion(apps) }
        }
        var unsaved: [(AppID, CallRecord)] = []
        for (write, error) in failures {
            if case .fenced = error { continue }
            switch write {
            case .record(let app, let record):
                logger.error("storing the record of call \(record.callID) for \(record.owner) failed: \(error)")
                unsaved.append((app, record))
            case .liveCall(let app, let call):
                keepPending(write, of: PendingCall(app: app, call: call.id), retried: retried, error: error)
            case .callEnded(let app, let id):
                keepPending(write, of: PendingCall(app: app, call: id), retried: retried, error: error)
            case .profile(_, let profile):
                logger.error("storing the profile of \(profile.user) failed: \(error)")
            case .offlineMessageKept(_, let kept):
                logger.error("storing an offline message for \(kept.recipient) failed: \(error)")
            case .offlineMessagesRemoved(_, let recipient, _):
                logger.error("removing delivered offline messages of \(recipient) failed: \(error)")
            case .offlineMessagesExpired:
                logger.error("removing expired offline messages failed: \(error)")
            case .userAttributes(_, let user, _):
                logger.error("storing the attributes of \(user) failed: \(error)")
            case .channelAttributes(_, let channel, _):
                logger.error("storing the attributes of channel \(channel) failed: \(error)")
            case .pushRegistered(_, let registration):
                logger.error("storing the \(registration.platform.rawValue) push token of \(registration.user)'s device \(registration.device) failed: \(error)")
            case .pushUnregistered(_, let key):
                logger.error("removing the \(key.platform.rawValue) push token of \(key.user)'s device \(key.device) failed: \(error)")
            }
        }
        if withRecords {
            pendingRecords = unsaved
        }
        let stillPending = retried.intersection(pendingCallWrites.keys).count
        if stillPending > 0 {
            logger.critical("\(stillPending) live-call writes still not stored (retried with the next commit)")
        }
        return failures
    }

    /// Keeps a live call's write that failed for the next commit (the latest of each call), logging it when
    /// it first fails; the queue is bounded like the records' (``ServiceCore/pendingRecordLimit``).
    private func keepPending(_ write: StoreWrite, of call: PendingCall, retried: Set<PendingCall>, error: StoreCommitError) {
        if !retried.contains(call) {
            logger.critical("storing live call \(call.call) failed (retried with the next commit): \(error)")
        }
        pendingCallWrites[call] = write
        if pendingCallWrites.count > Self.pendingRecordLimit, let dropped = pendingCallWrites.keys.min() {
            pendingCallWrites[dropped] = nil
            logger.critical("the store keeps failing: dropped the pending write of live call \(dropped.call)")
        }
    }
}

extension StoreWrite {
    /// The app the write belongs to.
    public var app: AppID {
        switch self {
        case .record(let app, _), .liveCall(let app, _), .callEnded(let app, _), .profile(let app, _),
             .offlineMessageKept(let app, _), .offlineMessagesRemoved(let app, _, _), .offlineMessagesExpired(let app, _),
             .userAttributes(let app, _, _), .channelAttributes(let app, _, _), .pushRegistered(let app, _),
             .pushUnregistered(let app, _):
            app
        }
    }

    /// Whether `later`, written right after this, makes this one moot: both are the same live call's.
    func isSuperseded(by later: StoreWrite) -> Bool {
        switch (self, later) {
        case (.liveCall(let app, let call), .liveCall(let laterApp, let laterCall)):
            app == laterApp && call.id == laterCall.id
        case (.liveCall(let app, let call), .callEnded(let laterApp, let id)):
            app == laterApp && call.id == id
        default:
            false
        }
    }
}
