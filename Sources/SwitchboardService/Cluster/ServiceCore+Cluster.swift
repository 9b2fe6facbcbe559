import SwitchboardCore
import SwitchboardWire

/// A cluster node's side of the service (docs/ARCHITECTURE.md, "One node or many"): which apps it hosts,
/// the connections it bridges to the nodes hosting the others, and what it does when it loses an app's
/// lease.
extension ServiceCore {
    /// The app a hello logs in to, whether or not this node hosts it; nil when no app is configured for
    /// its vendor app id (refused as on a single node).
    func app(of hello: Hello) -> AppID? {
        if configuration.isDevelopmentMode { return .development }
        return appsByVendorID[hello.app]?.id
    }

    /// Sends the hello (and from then on every frame of the connection) to the node hosting its app,
    /// when this node does not host it. Returns false when the hello is this node's to handle.
    func routeIfHostedElsewhere(_ hello: Hello, on connection: ConnectionID) -> Bool {
        guard let cluster, let app = app(of: hello), realms[app] == nil else { return false }
        guard let route = cluster.route(app: app, for: connection) else {
            refuse(SignalingError(.overloaded, "no node hosts app \(app.rawValue) at the moment (a node is taking it over); retry"),
                   on: connection)
            return true
        }
        links[connection]?.route = route
        route.forward(.hello(hello))
        return true
    }

    // MARK: - Hosting

    /// Starts hosting `app`, which this node now holds the lease of: its profiles and live calls are read
    /// back from the store, the calls with their deadlines, and their users get the reconnect grace to
    /// log back in (as after a restart, ``restore(at:)``). Does nothing when the app is hosted already or
    /// is not configured.
    func host(_ app: AppID, at now: Timestamp) {
        guard realms[app] == nil else { return }
        let appConfiguration = configuration.apps.first { $0.id == app }
        guard appConfiguration != nil || (app == .development && configuration.isDevelopmentMode) else {
            logger.error("asked to host app \(app), which is not configured")
            return
        }
        realms[app] = Realm(app: app, configuration: appConfiguration, defaultCallRules: configuration.callRules)
        guard restore(apps: [app], at: now) else {
            // Hosting it empty would orphan its live calls: the lease goes back, and the app is taken over
            // again (here or elsewhere) on a later round.
            realms[app] = nil
            cluster?.stoppedHosting(app)
            logger.error("could not read app \(app) back from the store; its lease is given back")
            return
        }
        logger.notice("hosting app \(app)")
    }

    /// Stops hosting `app`: every session of it is told to reconnect (`bye(serverShutdown)`: its client
    /// comes back through whichever node, to the app's next host) and its connection closed, and the
    /// app's state leaves this node. Nothing of the app is written any more, and its calls are not
    /// touched: they stay live in the store for the next host. `flush` writes what is pending first (a
    /// drain); a fenced node cannot.
    func unhost(_ app: AppID, flush: Bool, at now: Timestamp) {
        guard let realm = realms[app] else { return }
        if flush, !pendingRecords.isEmpty || !outbox.writes.isEmpty || !pendingCallWrites.isEmpty {
            outbox.recordsChanged = true
            writeStep()
        }
        for session in realm.sessions.values {
            guard let connection = session.connection else { continue }
            session.connection = nil
            send(.bye(Bye(reason: .serverShutdown, message: "this node no longer serves the app; reconnect")), to: connection)
            disconnect(connection)
        }
        realms[app] = nil
        pendingRecords.removeAll { $0.0 == app }
        pendingCallWrites = pendingCallWrites.filter { $0.key.app != app }
        cluster?.stoppedHosting(app)
        logger.notice("stopped hosting app \(app)", metadata: ["flushed": "\(flush)"])
    }

    /// The store refused the step's writes of these apps: this node lost their leases, and may no longer
    /// act on them. What the step would have told anyone is dropped (it was not written), and the apps
    /// are given up without a write.
    func fenced(_ apps: Set<AppID>, at now: Timestamp) {
        logger.critical("lost the lease of \(apps.map(\.rawValue).sorted()): dropping their frames of this step and giving them up")
        var silenced = Set<ObjectIdentifier>()
        for (_, link) in links {
            if let session = link.session, apps.contains(session.app) { silenced.insert(ObjectIdentifier(link.connection)) }
        }
        outbox.deliveries.removeAll { delivery in
            switch delivery {
            case .frame(let connection, _), .encoded(let connection, _), .close(let connection):
                silenced.contains(ObjectIdentifier(connection))
            case .backend(let event): apps.contains(event.app)
            // Their marks were not stored: the new host decides them (docs/SERVER.md, "Push": at most once).
            case .push(let jobs): jobs.contains { apps.contains($0.app) }
            }
        }
        outbox.writes.removeAll { apps.contains($0.app) }
        for app in apps.sorted(by: { $0.rawValue < $1.rawValue }) {
            unhost(app, flush: false, at: now)
        }
    }

    // MARK: - Bridged connections

    /// Frames the hosting node sent to a bridged connection's client.
    func deliverRouted(_ frames: [RoutedFrame], to connection: ConnectionID) {
        guard let link = links[connection], link.route != nil else { return }
        for frame in frames {
            switch frame {
            case .frame(let frame): outbox.deliveries.append(.frame(link.connection, frame))
            case .encoded(let bytes): outbox.deliveries.append(.encoded(link.connection, bytes))
            }
        }
    }

    /// The hosting node closed a bridged connection (after its last frames).
    func routeClosed(_ connection: ConnectionID) {
        guard links[connection]?.route != nil else { return }
        disconnect(connection)
    }

    /// `node` is gone or gave its apps up: the connections bridged to it are told to reconnect, and
    /// closed. Their clients come back to the apps' next host.
    func dropRoutes(to node: String) {
        for (id, link) in links where link.route?.node == node {
            send(.bye(Bye(reason: .serverShutdown, message: "the node serving this app is gone; reconnect")), to: id)
            disconnect(id)
        }
    }

    /// Whether `app` is one this service serves (configured, or the development app in development mode).
    func isConfigured(_ app: AppID) -> Bool {
        configuration.isDevelopmentMode ? app == .development : configuration.apps.contains { $0.id == app }
    }

    /// The apps this node hosts.
    var hostedApps: [AppID] { realms.keys.sorted { $0.rawValue < $1.rawValue } }
}
