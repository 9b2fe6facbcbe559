import SwitchboardCore
import SwitchboardWire

/// One Tencent device (one set of stores of an `AtomicXInstance`) as a pure state machine, in the shape
/// of the client's `ConnectionStateMachine`: every input (an app request, a service event, the answer to
/// a request, a tick of the duration) changes the state and returns the actions the client carries out
/// (publish, answer, send, start or stop the duration tick, open or let go of a session). No I/O and no
/// clock: times come in as arguments.
///
/// It holds everything the device decides with: the login and its generation, the call shown and the
/// one `CallStore.state` last showed, whether the device is busy (a call shown, or a `calls` or `join`
/// on its way: docs/TENCENT.md, "Busy devices answer busy"), glare (docs/TENCENT.md, "Glare"), when
/// `activeCall.duration` counts, the profiles shown and the local devices.
///
/// Its fields are set by its inputs only (here and in `TencentDeviceStateMachine+Login.swift`,
/// `+Calls.swift`, `+Devices.swift`: `private(set)` would not reach those files); the client reads them.
///
/// `Completion` is whatever the app gave to hear an outcome (the client's `Done`; an `Equatable`
/// token in tests): the machine keeps the one of a login under way and hands every other back in the
/// action that answers it.
struct TencentDeviceStateMachine<Completion> {
    /// Where the device's login is: one value, so that a login cannot be both pending and over.
    enum Phase {
        /// No session.
        case signedOut
        /// A session is logging in; its completion is answered when the login ends, or failed when a
        /// later login or a logout supersedes it.
        case loggingIn(Completion?)
        /// The service welcomed the session; the user's own profile is being read before the app hears.
        case readingProfile(Completion?)
        case signedIn
    }

    /// A `calls` or `join` on its way: the device is busy although no call shows yet.
    struct Starting: Hashable, Sendable {
        /// The one user a `calls` invites (nil for a group call or a join): an invitation from them
        /// meanwhile is glare, not busy.
        var callee: UserID?
        /// That invitation, as last heard of, held until the `calls` is answered.
        var heldGlare: CallNotification?
    }

    /// The tick of `activeCall.duration`: the call and the instant it counts from. One per call and
    /// connection instant, so a rejoined call counts afresh.
    struct DurationTick: Hashable, Sendable {
        var callID: String
        var since: Timestamp
    }

    /// A hang-up held until the service confirms the answer it would leave.
    struct DeferredHangup {
        var callID: String
        var completion: Completion?
    }

    /// The user's own name and avatar, as `selfInfo` shows them.
    struct OwnProfile: Hashable, Sendable {
        var nickname: String?
        var avatarURL: String?
    }

    /// Who hears how a request ended.
    enum Recipient {
        /// The app's completion (nil: nobody).
        case app(Completion?)
        /// A hang-up's: a failure goes back to the machine on the callback queue
        /// (``hangupAnswered(_:callID:completion:at:)``) before the app hears it, since the service may
        /// have ended the call meanwhile (docs/TENCENT.md, "Across surfaces").
        case hangup(Completion?, callID: String?)
    }

    /// A change of the call shown: `CallStore.state` as it led to, then the answer, then the events,
    /// in one block on the callback queue.
    struct Showing {
        var view: TencentCallView
        /// When the change happened (the duration published with it).
        var at: Timestamp
        var events: [TencentCallEvent]
        var recipient: Recipient
        var outcome: TencentOutcome
        /// The call was just placed here: `onCallStarted` follows the events (docs/TENCENT.md,
        /// "onCallStarted is caller-only").
        var announcesStart: Bool
    }

    /// What the answer to a request is for.
    enum Awaited {
        /// Nothing: a busy answer, a media report, multi-device sent again.
        case nothing
        /// `calls`.
        case placement(me: UserID, generation: Int, Completion?)
        /// `join` or `joinInGroupCall`.
        case entry(me: UserID, generation: Int, Completion?)
        /// accept, reject, ignore, hangup, or a mid-call invite: the call as it now is.
        case action(me: UserID, generation: Int, Recipient)
        /// The profiles of people the device shows.
        case profiles([UserID])
        /// The user's own profile, read before a login is reported.
        case ownProfile(UserID, generation: Int)
        /// `setSelfInfo`.
        case ownProfileSet(me: UserID, nickname: String?, avatarURL: String?, Completion?)
        /// `enableMultiDeviceAbility`.
        case multiDevice(Completion?)
        /// `V2TIMManager.setAPNS` or `setVOIP`.
        case pushToken(Completion?)
    }

    /// A session to open: log in as `user` in `generation`, after the session it replaces (if any)
    /// left its call with `leaving` and logged out.
    struct SessionStart: Hashable, Sendable {
        var user: UserID
        var sdkAppID: Int32
        var userSig: String
        var generation: Int
        var leaving: ServiceOperation?
    }

    enum Action {
        /// Post the outcome to its recipient on the callback queue.
        case complete(Recipient, TencentOutcome)
        /// Run the completion at once: the input came from a block on the callback queue.
        case completeHere(Completion?, TencentOutcome)
        case show(Showing)
        /// Publish `CallStore.state` again as last shown (profiles arrived, or could not be read).
        case republish
        /// `LoginStore.state` logged in with this profile, then `CallStore.state` again.
        case publishLoggedIn(Profile)
        /// `LoginStore.state` logged out; when the service did it, `event` on both APIs.
        case publishLoggedOut(LoginEvent?)
        /// A profile changed (`LoginStore.state` too when it is the user's own), then `CallStore.state`,
        /// then the completion of `setSelfInfo` if it was that.
        case publishProfile(Profile, isOwn: Bool, Completion?)
        /// `DeviceStore.state` as the machine has it now, `CallStore.state` when the microphone or camera
        /// changed, then the outcome.
        case publishDevices(mediaChanged: Bool, Completion?, TencentOutcome)
        /// Publish `CallStore.state` at a tick of the duration (``publishing(_:)`` checks it still counts).
        case publishTick(DurationTick, at: Timestamp)
        /// Send a request on the current session, and give the answer to ``replied(_:with:at:)``.
        case send(ServiceOperation, Awaited)
        /// Send on the session that is logging in, which is the current one.
        case sendOnLoginSession(ServiceOperation, Awaited)
        /// Read the service's active calls, for ``activeCallsRead(_:callID:generation:at:)``.
        case readActiveCalls(callID: String, generation: Int)
        /// Make a new session current and log it in.
        case openSession(SessionStart)
        /// Let the current session go: leave its call, log out, shut down; then answer `then`.
        case retireSession(leaving: ServiceOperation?, then: Completion?)
        /// The current session is over (the service ended it, or its login failed).
        case forgetSession
        /// As ``forgetSession``, and shut the session down.
        case shutDownSession
        case startDurationTick(DurationTick)
        case stopDurationTick
    }

    /// What `CallStore.state` shows: the call as last published, with the people and devices around it.
    struct CallSnapshot {
        var view: TencentCallView?
        var at: Timestamp
        var me: UserID?
        var ownProfile: OwnProfile
        var microphone: Bool
        var camera: Bool
        var profiles: [String: Profile]
    }

    /// Why `CallStore.state` is published.
    enum Publication: Equatable, Sendable {
        /// A change of the call, as it led to.
        case change(TencentCallView, at: Timestamp)
        /// Something around the call changed (profiles, devices): the call as last published.
        case current(at: Timestamp)
        /// A tick of the duration, if the call still counts.
        case tick(DurationTick, at: Timestamp)
    }

    /// This device: whose part of a call snapshot the device shows.
    let device: DeviceID

    // MARK: Login

    var phase: Phase = .signedOut
    /// Who the session logs in as (the host's, through `SurfaceState`).
    var user: UserID?
    /// Bumped on every login and logout (the host's, through `SurfaceState`): events and answers of an
    /// older session are ignored.
    var generation = 0
    var sdkAppID: Int32 = 0
    /// `enableMultiDeviceAbility`: kept across logins and sent after each.
    var multiDevice = false
    var ownProfile = OwnProfile()

    // MARK: Call

    /// The call `activeCall` shows (nil before the first); `ending` set once it is over here.
    var view: TencentCallView?
    /// The view `CallStore.state` last showed (set on the callback queue): a publish that is not a
    /// change of the call (a tick, a profile, a device) shows it again rather than ``view``, which may
    /// be ahead of the changes still queued for the app.
    var publishedView: TencentCallView?
    var starting: Starting?
    /// A hang-up waiting for the caller to confirm this device's answer (``hangup(completion:at:)``).
    var deferredHangup: DeferredHangup?
    var durationTick: DurationTick?
    /// Profiles of the people the device shows, by user id, and those being read.
    var profiles: [String: Profile] = [:]
    var profilesInFlight: Set<String> = []

    // MARK: Devices

    /// The local devices (`DeviceStore.state`).
    var devices = DeviceState()
    /// Devices the app simulates as failing (Linux has no capture devices; DeviceStore docs).
    var failingDevices: [DeviceType: DeviceError] = [:]

    init(device: DeviceID) {
        self.device = device
    }

    // MARK: - Derived

    /// Whether requests may go out: the service welcomed the session.
    var isLoggedIn: Bool {
        switch phase {
        case .readingProfile, .signedIn: true
        case .signedOut, .loggingIn: false
        }
    }

    /// The logged-in user, or nil.
    var loggedInUser: UserID? { isLoggedIn ? user : nil }

    /// Busy: a call on its way, or one shown that is not over here.
    var isInCall: Bool { starting != nil || (view != nil && view?.ending == nil) }

    /// Whether the call shown is `callID`'s and connected here (its duration counts).
    func isCounting(_ callID: String) -> Bool {
        view?.callID == callID && view?.ending == nil && view?.connectedSince != nil
    }

    // MARK: - Helpers shared by the inputs

    /// Answers `recipient`; nobody to answer is nothing to do.
    func complete(_ recipient: Recipient, _ outcome: TencentOutcome) -> [Action] {
        if case .app(.none) = recipient { return [] }
        return [.complete(recipient, outcome)]
    }

    /// The completion of the login under way, taken from the phase (which the caller then sets).
    var pendingLogin: Completion? {
        switch phase {
        case .loggingIn(let completion), .readingProfile(let completion): completion
        case .signedOut, .signedIn: nil
        }
    }

    /// What a device showed before a change, for ``keep(_:after:events:recipient:outcome:generation:endsStart:announcesStart:at:)``.
    enum Before {
        /// The kept view of the same call (none for another call). A snapshot of a call that already
        /// ended here is stale and changes nothing.
        case kept
        /// This, as the caller knows better (a call just placed, or just joined).
        case was(TencentCallView)
        /// Nothing: a new invitation, also into a call that ended here.
        case nothing
    }

    /// Makes `view` the call shown: keeps it, runs the duration tick while it is connected, and shows
    /// it (the state, then the answer, then the events derived from what it was `after` unless given).
    ///
    /// - `generation`: the login the change belongs to; a change that arrives after it ended (logout,
    ///   another user) shows nothing and fails its completion with -1201.
    /// - `endsStart`: the change ends a `calls` or `join` under way (the busy guard), in the same step.
    mutating func keep(
        _ view: TencentCallView,
        after old: Before = .kept,
        events given: [TencentCallEvent]? = nil,
        recipient: Recipient = .app(nil),
        outcome: TencentOutcome = .success,
        generation: Int? = nil,
        endsStart: Bool = false,
        announcesStart: Bool = false,
        at now: Timestamp
    ) -> [Action] {
        if let generation, self.generation != generation {
            return complete(recipient, .failure(TencentErrorMapping.notLoggedIn))
        }
        if endsStart { starting = nil }
        let previous: TencentCallView?
        switch old {
        case .kept:
            if let shown = self.view, shown.callID == view.callID, shown.ending != nil, given == nil {
                return complete(recipient, outcome)
            }
            previous = self.view?.callID == view.callID ? self.view : nil
        case .was(let explicit):
            previous = explicit
        case .nothing:
            previous = nil
        }
        let events = given ?? TencentCallView.changes(from: previous, to: view)
        self.view = view
        var actions = countDuration(of: view)
        actions.append(.show(Showing(view: view, at: now, events: events, recipient: recipient, outcome: outcome,
                                     announcesStart: announcesStart)))
        return actions + readProfiles(of: view) + settleDeferredHangup(at: now)
    }

    /// Shows a call that ended on this device alone (hung up with its session, or after the service's
    /// part of it was over).
    mutating func showEndedHere(_ ended: TencentCallView, recipient: Recipient = .app(nil), at now: Timestamp) -> [Action] {
        keep(ended, events: [.ended(ended, wasConnected: ended.connectedSince != nil)], recipient: recipient, at: now)
    }

    /// The session this state belongs to is going: a call in progress ends here (hung up, as at
    /// logout) and the duration stops. Returns the actions, the call as it ended here, and how to leave
    /// it in the service while the session can still send.
    mutating func endCallWithSession(at now: Timestamp) -> (actions: [Action], ended: TencentCallView?, leaving: ServiceOperation?) {
        var actions = stopDuration()
        starting = nil
        if let deferred = deferredHangup {
            deferredHangup = nil
            actions += complete(.app(deferred.completion), .success)
        }
        guard let view, view.ending == nil else { return (actions, nil, nil) }
        let ended = view.endedLocally(at: now)
        self.view = ended
        return (actions, ended, Self.leaveOperation(for: view))
    }

    /// Runs the tick of `activeCall.duration` while `view` (being shown) is connected here.
    private mutating func countDuration(of view: TencentCallView) -> [Action] {
        let since: Timestamp? = view.ending == nil ? view.connectedSince : nil
        if let current = durationTick, current.callID == view.callID, current.since == since { return [] }
        var actions = stopDuration()
        if let since {
            let tick = DurationTick(callID: view.callID, since: since)
            durationTick = tick
            actions.append(.startDurationTick(tick))
        }
        return actions
    }

    mutating func stopDuration() -> [Action] {
        guard durationTick != nil else { return [] }
        durationTick = nil
        return [.stopDurationTick]
    }

    /// Reads the profiles of the members of `view` the device neither knows nor is reading. Without a
    /// login the read would fail at once: the state is published again, as after a failed read.
    private mutating func readProfiles(of view: TencentCallView) -> [Action] {
        let missing = view.members.map(\.id).filter {
            $0 != user?.rawValue && profiles[$0] == nil && !profilesInFlight.contains($0)
        }
        guard !missing.isEmpty else { return [] }
        guard isLoggedIn else { return [.republish] }
        profilesInFlight.formUnion(missing)
        let users = missing.map(UserID.init(rawValue:))
        return [.send(.queryProfiles(users), .profiles(users))]
    }

    /// Profiles were read (nil: they could not be).
    mutating func profilesRead(_ users: [UserID], _ read: [Profile]?) -> [Action] {
        profilesInFlight.subtract(users.map(\.rawValue))
        for profile in read ?? [] { profiles[profile.user.rawValue] = profile }
        return [.republish]
    }

    /// What `CallStore.state` shows now, for `publication` (made on the callback queue); nil for a
    /// tick of a call that no longer counts.
    mutating func publishing(_ publication: Publication) -> CallSnapshot? {
        let at: Timestamp
        switch publication {
        case .change(let view, let time):
            publishedView = view
            at = time
        case .current(let time):
            at = time
        case .tick(let tick, let time):
            guard isCounting(tick.callID) else { return nil }
            at = time
        }
        return CallSnapshot(view: publishedView, at: at, me: user, ownProfile: ownProfile,
                            microphone: devices.microphoneStatus == .on, camera: devices.cameraStatus == .on,
                            profiles: profiles)
    }

    /// Tells the call the local microphone and camera (every participant sees them).
    /// `skippingOff`: say nothing while both are off.
    func reportMedia(skippingOff: Bool = false) -> [Action] {
        let media = ParticipantMedia(microphone: devices.microphoneStatus == .on, camera: devices.cameraStatus == .on)
        guard let view, view.ending == nil, !view.isSignalingOver, !(skippingOff && media == .off) else { return [] }
        return [.send(.call(CallID(view.callID), .setMedia(media)), .nothing)]
    }

    /// How the local user leaves a call: cancel (caller, nobody answered), reject (ringing), quit.
    static func leaveOperation(for view: TencentCallView) -> ServiceOperation? {
        guard !view.isSignalingOver else { return nil }
        let id = CallID(view.callID)
        if view.isRinging { return .call(id, .reject(data: nil, reason: .declined)) }
        if view.isCaller && view.connectedSince == nil { return .call(id, .cancel(invitees: nil, data: nil)) }
        return .call(id, .quit(data: nil))
    }
}

extension TencentDeviceStateMachine: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.Phase: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.Phase: Equatable where Completion: Equatable {}
extension TencentDeviceStateMachine.Recipient: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.Recipient: Equatable where Completion: Equatable {}
extension TencentDeviceStateMachine.Showing: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.Showing: Equatable where Completion: Equatable {}
extension TencentDeviceStateMachine.Awaited: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.Awaited: Equatable where Completion: Equatable {}
extension TencentDeviceStateMachine.Action: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.Action: Equatable where Completion: Equatable {}
extension TencentDeviceStateMachine.CallSnapshot: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.DeferredHangup: Sendable where Completion: Sendable {}
extension TencentDeviceStateMachine.DeferredHangup: Equatable where Completion: Equatable {}
