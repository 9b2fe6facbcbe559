import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

// Sample values covering every case of every frame, operation, action, reply and event.

let t0 = Timestamp(millisecondsSince1970: 1_700_000_000_000)

func at(_ seconds: Int64) -> Timestamp { t0 + .seconds(seconds) }

/// A payload full of things JSON must escape, and non-ASCII text.
let trickyText = "héllo \"wörld\" \\ / \n\t\r \u{0} \u{1F} \u{7F} 😀 \u{E9} vs e\u{301} \u{2028} 中文 </script>"

// MARK: Policies

enum Policies {
    static let standard = CallPolicy()
    static let agora = CallPolicy(
        ringTimeout: .seconds(60), ringTimeoutStart: .atDelivery, deliveryTimeout: .seconds(30),
        offlineInvitees: .keep, busyInvitees: .ring, acceptConfirmation: .seconds(5),
        maxInviteesPerInvitation: 1, maxParticipants: 2, maxPayloadBytes: 8192, maxAnswerBytes: 8192)
    static let zim = CallPolicy(
        ringTimeout: .seconds(90), notReceivedCheck: .milliseconds(5000), cancelWhenCallerOffline: true,
        maxInviteesPerInvitation: 9, maxParticipants: 10, maxPayloadBytes: 2048, maxAnswerBytes: 2048)
    static let tencent = CallPolicy(
        ringTimeout: .milliseconds(30_500), offlineInvitees: .fail, busyInvitees: .reject, endWhenAlone: true,
        leavesWithDevice: true, ephemeral: true, maxInviteesPerInvitation: 8, maxParticipants: 9, maxPayloadBytes: 0, maxAnswerBytes: 0)
    static let allTimers = CallPolicy(
        ringTimeout: .seconds(45), deliveryTimeout: .seconds(30), notReceivedCheck: .seconds(5),
        acceptConfirmation: .seconds(5))

    static let all = [standard, agora, zim, tencent, allTimers]
}

// MARK: Calls

func participant(
    _ user: UserID, _ state: ParticipantState, role: Participant.Role = .invitee, invitedBy: UserID? = "alice",
    data: String? = nil, device: DeviceID? = nil, changedAt: Timestamp = at(3)
) -> Participant {
    var participant = Participant(user: user, role: role, invitedBy: invitedBy, state: state, at: at(1), device: device)
    participant.changedAt = changedAt
    participant.answerData = data
    if state.isInCall { participant.answeredAt = at(2) }
    if state == .quit {
        participant.answeredAt = at(2)
        participant.leftAt = at(3)
    }
    return participant
}

let callerAlice = participant("alice", .accepted, role: .caller, invitedBy: nil, device: "alice-phone", changedAt: at(0))

/// A call in which bob is in `state`.
func call(bobIn state: ParticipantState, mode: CallMode = .general) -> Call {
    let bob = participant("bob", state, data: state.isRinging ? nil : "answer from bob", device: state.isInCall ? "bob-phone" : nil)
    let callState: CallState
    switch state {
    case .accepting, .accepted: callState = .connected
    case .inviting, .notYetReceived, .received: callState = .ringing
    default: callState = .ended(CallEnd(reason: .allAnswered, by: nil, at: at(3)))
    }
    return Call(
        id: CallID("call-\(state)"), caller: "alice", mode: mode, policy: Policies.standard, participants: [callerAlice, bob],
        state: callState, createdAt: at(0), connectedAt: callState == .connected ? at(2) : nil)
}

/// One participant in every participant state, every optional field set.
let crowdedCall: Call = {
    var participants = [callerAlice]
    for (index, state) in ParticipantState.allCases.enumerated() {
        participants.append(participant(
            UserID("user-\(index)"), state, invitedBy: index.isMultiple(of: 2) ? "alice" : "user-0",
            data: "data \(index)", device: DeviceID("device-\(index)")))
    }
    var joiner = participant("joiner-1", .accepted, role: .joiner, invitedBy: nil, device: "j1")
    joiner.media = ParticipantMedia(microphone: true, camera: false)
    participants.append(joiner)
    participants[0].media = ParticipantMedia(microphone: true, camera: true)
    return Call(
        id: "call-crowded", caller: "alice", mode: .advanced, policy: Policies.zim, mediaType: .video,
        roomID: "room-7", groupID: "group/~1", payload: trickyText,
        attachments: ["pushTitle": "Alice calls", "ünïcode key": trickyText, "a/b~c": ""],
        participants: participants, state: .connected, createdAt: at(0), connectedAt: at(2))
}()

let ringingCall = Call(
    id: "call-ringing", caller: "alice", mode: .general, policy: Policies.agora,
    participants: [callerAlice, participant("bob", .inviting)], createdAt: at(0))

let endedCall = Call(
    id: "call-ended", caller: "alice", mode: .advanced, policy: Policies.tencent, mediaType: .audio, roomID: "",
    payload: "",
    participants: [
        callerAlice, participant("bob", .quit, data: "bye", device: "bob-phone"),
        participant("carol", .rejected(.busy), data: ""),
    ],
    state: .ended(CallEnd(reason: .hungUp, by: "bob", at: at(9), data: "the end \u{1F44B}")), createdAt: at(0),
    connectedAt: at(2))

let endedByServerCall = Call(
    id: "call-admin", caller: "alice", mode: .general, policy: Policies.standard,
    participants: [callerAlice, participant("bob", .cancelled)],
    state: .ended(CallEnd(reason: .endedByServer, by: nil, at: at(5))), createdAt: at(0))

/// A call whose participants carry every internal (deadlines, online, recorded).
let callWithInternals: Call = {
    var call = crowdedCall
    for index in call.participants.indices {
        call.participants[index].isOnline = index.isMultiple(of: 2)
        call.participants[index].isRecorded = index.isMultiple(of: 3)
        if index % 4 == 1 { call.participants[index].deliveryDeadline = at(30) }
        if index % 4 == 2 { call.participants[index].notReceivedDeadline = at(5) }
        if index % 2 == 1 { call.participants[index].ringDeadline = at(60) }
        if index == 5 {
            call.participants[index].confirmDeadline = at(8)
            call.participants[index].deliveryDeadline = at(31)
            call.participants[index].notReceivedDeadline = at(6)
        }
    }
    return call
}()

/// The same call as the wire sees it: internals at their defaults.
func withoutInternals(_ call: Call) -> Call {
    var call = call
    for index in call.participants.indices {
        call.participants[index].isOnline = true
        call.participants[index].isRecorded = false
        call.participants[index].deliveryDeadline = nil
        call.participants[index].notReceivedDeadline = nil
        call.participants[index].ringDeadline = nil
        call.participants[index].confirmDeadline = nil
    }
    return call
}

let sampleCalls: [Call] = [ringingCall, crowdedCall, endedCall, endedByServerCall]
    + ParticipantState.allCases.map { call(bobIn: $0) }

// MARK: Records

let sampleRecords: [CallRecord] = ParticipantState.allCases.enumerated().map { index, state in
    CallRecord(
        callID: CallID("call-\(index)"), owner: "bob", caller: "alice", participants: ["alice", "bob", "carol"],
        mode: index.isMultiple(of: 2) ? .general : .advanced,
        mediaType: index % 3 == 0 ? nil : (index % 3 == 1 ? .audio : .video),
        roomID: index.isMultiple(of: 2) ? "room-\(index)" : nil, groupID: index == 3 ? "group" : nil,
        direction: CallDirection.allCases[index % 3], outcome: state,
        endReason: CallEndReason.allCases[index % CallEndReason.allCases.count],
        answeredOn: state.isInCall ? "bob-phone" : nil, startedAt: at(0),
        duration: state == .accepted ? .milliseconds(65_432) : .zero, recordedAt: at(Int64(100 + index)),
        // Index 1 keeps the defaults (a record written before these fields existed).
        payload: index == 1 ? nil : (index.isMultiple(of: 2) ? trickyText : ""),
        inviter: index == 1 || index == 4 ? nil : "alice",
        members: index == 1 ? [] : [
            CallRecord.Member(user: "alice", state: .accepted, changedAt: at(0)),
            CallRecord.Member(user: "bob", state: state, data: state.isInCall ? "ok" : nil, changedAt: at(Int64(index))),
            CallRecord.Member(user: "carol", state: .rejected(.declined), data: "in a meeting"),
        ],
        endedAt: index == 1 || index == 2 ? nil : at(Int64(90 + index)),
        callEndReason: index == 1 || index == 2 ? nil : .hungUp)
}

// MARK: Operations

let sampleActions: [CallAction] = [
    .cancel(invitees: nil, data: nil),
    .cancel(invitees: ["bob", "carol"], data: "never mind"),
    .cancel(invitees: [], data: ""),
    .accept(data: nil),
    .accept(data: trickyText),
    .reject(data: nil, reason: .declined),
    .reject(data: "in a meeting", reason: .busy),
    .acknowledge,
    .confirm(invitee: "bob"),
    .inviteMore(["dave", "erin"]),
    .join(data: nil),
    .join(data: "joining"),
    .quit(data: nil),
    .quit(data: "leaving"),
    .end(data: nil),
    .end(data: "over"),
    .setMedia(ParticipantMedia(microphone: true, camera: false)),
    .setMedia(.off),
]

let sampleOperations: [ServiceOperation] = [
    .logout,
    .renewToken("token-2"),
    .invite(InviteRequest(invitees: ["bob"])),
    .invite(InviteRequest(
        invitees: ["bob", "carol", "dave"], profile: .zimAdvanced,
        parameters: CallParameters(ringTimeout: .milliseconds(90_500), notReceivedCheck: true), mediaType: .video,
        roomID: "room-1", groupID: "group-1", payload: trickyText, attachments: ["k": "v", "push": "{\"a\":1}"])),
    .invite(InviteRequest(invitees: [], profile: .tencent, parameters: CallParameters(ephemeral: true), mediaType: .audio, payload: "")),
    .invite(InviteRequest(invitees: ["bob"], profile: .native, parameters: CallParameters(confirmsAccept: true))),
    .getCall("call-1"),
    .activeCalls(ActiveCallQuery()),
    .activeCalls(ActiveCallQuery(cursor: "a1.3132", limit: 200)),
    .callRecords(RecordQuery()),
    .callRecords(RecordQuery(cursor: "opaque==cursor", limit: 100)),
    .callRecords(RecordQuery(cursor: "", limit: 1)),
    .sendMessage(PeerMessageRequest(to: "bob", content: .text("hi \u{1F600}"))),
    .sendMessage(PeerMessageRequest(to: "bob", content: .raw([0, 1, 2, 254, 255], description: "bytes"), storeIfOffline: true)),
    .sendMessage(PeerMessageRequest(to: "bob", content: .raw([], description: ""), storeIfOffline: false)),
    .queryPresence(["bob", "carol"]),
    .queryPresence([]),
    .subscribePresence(["bob"]),
    .unsubscribePresence(["bob"]),
    .joinChannel("lobby"),
    .leaveChannel("lobby"),
    .channelMembers("lobby"),
    .sendChannelMessage(channel: "lobby", message: .text(trickyText)),
    .sendChannelMessage(channel: "lobby", message: .raw(Array(0...255), description: "all bytes")),
    .setMultiDevice(true),
    .setMultiDevice(false),
    .setProfile(nickname: trickyText, avatarURL: "https://example.invalid/a.png"),
    .setProfile(nickname: nil, avatarURL: nil),
    .setProfile(nickname: nil, avatarURL: nil, extendedData: trickyText),
    .setProfile(nickname: "", avatarURL: "", extendedData: ""),
    .queryProfiles(["bob", "carol"]),
    .queryProfiles([]),
    .deleteRecords(["call-1", "call-2"]),
    .deleteRecords([]),
    .setUserAttributes(.replace([Attribute(key: "name", value: trickyText), Attribute(key: "empty", value: "")]),
                       limits: AttributeLimits(count: 32, totalBytes: 16_384, valueBytes: 8192)),
    .setUserAttributes(.replace([]), limits: nil),
    .setUserAttributes(.merge([Attribute(key: "k\u{1F600}", value: "v")]), limits: nil),
    .setUserAttributes(.delete(keys: ["a", "b"]), limits: nil),
    .setUserAttributes(.delete(keys: []), limits: nil),
    .setUserAttributes(.clear, limits: AttributeLimits(count: 0, totalBytes: 0, valueBytes: 0)),
    .getUserAttributes("bob", keys: nil),
    .getUserAttributes("bob", keys: ["a", "b"]),
    .getUserAttributes("bob", keys: []),
    .setChannelAttributes(channel: "lobby", .merge([Attribute(key: "seat0", value: "alice")]), notify: true,
                          limits: AttributeLimits(count: 32, totalBytes: 32_768, valueBytes: 8192)),
    .setChannelAttributes(channel: "lobby", .clear, notify: false, limits: nil),
    .setChannelAttributes(channel: "lobby", .delete(keys: ["seat0"]), notify: true, limits: nil),
    .setChannelAttributes(channel: "lobby", .replace([Attribute(key: "topic", value: trickyText)]), notify: false, limits: nil),
    .getChannelAttributes(channel: "lobby", keys: nil),
    .getChannelAttributes(channel: "lobby", keys: ["topic"]),
    .channelMemberCounts(["lobby", "hall"]),
    .channelMemberCounts([]),
    .presenceSubscriptions,
    .joinRoom(groupID: "group-1", roomID: "room-1", data: nil),
    .joinRoom(groupID: trickyText, roomID: "1234", data: "hi"),
    .registerPush(PushTokenRequest(platform: "apns.voip", token: "a1b2c3d4", topic: "com.example.app.voip", environment: "sandbox")),
    .registerPush(PushTokenRequest(platform: "fcm", token: trickyText, topic: "com.example.app")),
    .unregisterPush(platform: nil),
    .unregisterPush(platform: "apns.alert"),
] + sampleActions.map { .call("call-1", $0) }

// MARK: Replies

let sampleErrors: [SignalingError] = [
    SignalingError(CallError(.callNotFound, "no call call-9")),
    SignalingError(.invalidRequest, "/body/limit: 0 is outside 1...100"),
    SignalingError(.call(.alreadyInCall), trickyText),
]

/// Each reply with the op it answers.
let sampleReplies: [(Reply, String)] = [
    (.empty, "session.logout"),
    (.empty, "channel.leave"),
    (.call(ringingCall, skipped: []), "call.invite"),
    (.call(crowdedCall, skipped: [
        SkippedUser(user: "carol", error: SignalingError(CallError(.notInviter, "alice did not invite carol"))),
        SkippedUser(user: "dave", error: SignalingError(CallError(.alreadyInCall, "dave is in the call"))),
    ]), "call.cancel"),
    (.call(endedCall, skipped: []), "call.end"),
    (.calls([]), "call.active"),
    (.calls([ringingCall, crowdedCall]), "call.active"),
    (.calls([ringingCall], nextCursor: "a1.3132"), "call.active"),
    (.records(RecordPage(records: sampleRecords, nextCursor: "next-1")), "call.records"),
    (.records(RecordPage(records: [], nextCursor: nil)), "call.records"),
    (.token(expiresAt: at(3600)), "session.renewToken"),
    (.token(expiresAt: nil), "session.renewToken"),
    (.presence(PresenceState.allCases.map { PresenceStatus(user: UserID("user-\($0)"), state: $0) }), "presence.query"),
    (.presence([]), "presence.subscribe"),
    (.members(["alice", "bob"]), "channel.members"),
    (.profiles([Profile(user: "bob", nickname: trickyText, avatarURL: "https://example.invalid/b.png"), Profile(user: "carol")]), "profile.query"),
    (.profiles([Profile(user: "alice", nickname: "Alice")]), "profile.set"),
    (.profiles([Profile(user: "alice", nickname: "Alice", avatarURL: "a.png", extendedData: trickyText)]), "profile.set"),
    (.profiles([Profile(user: "bob", extendedData: "{\"age\":30}"), Profile(user: "zed"), Profile(user: "yan")],
               unknown: ["zed", "yan"]), "profile.query"),
    (.deletedRecords(["call-1"]), "call.deleteRecords"),
    (.deletedRecords([]), "call.deleteRecords"),
    (.attributes([Attribute(key: "name", value: trickyText), Attribute(key: "z", value: "")]), "attributes.user.get"),
    (.attributes([]), "attributes.user.set"),
    (.channelAttributes([ChannelAttribute(key: "seat0", value: "alice", updatedBy: "alice", updatedAt: at(5))]), "attributes.channel.get"),
    (.channelAttributes([]), "attributes.channel.set"),
    (.memberCounts([ChannelMemberCount(channel: "lobby", count: 3), ChannelMemberCount(channel: "hall", count: 0)]), "channel.memberCount"),
    (.memberCounts([]), "channel.memberCount"),
    (.users(["bob", "carol"]), "presence.subscriptions"),
    (.users([]), "presence.subscriptions"),
] + MessageDelivery.allCases.map { (.message($0), "message.send") }

// MARK: Events

let sampleKinds: [CallNotification.Kind] = [
    .created,
    .invited(by: "alice"),
    .participantsChanged(["bob", "carol"]),
    .participantsChanged([]),
    .cancelled(by: "alice", data: nil),
    .cancelled(by: "alice", data: "sorry \u{1F64F}"),
    .acceptConfirmed,
    .answeredElsewhere(device: "bob-tablet"),
    .ended,
    .synced,
] + TimeoutCause.allCases.map { .timedOut($0) } + AcceptFailure.allCases.map { .acceptFailed($0) }

let sampleEvents: [ServerEvent] = sampleKinds.enumerated().map { index, kind in
    .call(CallNotification(kind: kind, call: sampleCalls[index % sampleCalls.count]))
} + [
    .message(PeerMessage(from: "alice", content: .text(trickyText), sentAt: at(1), isOffline: false)),
    .message(PeerMessage(from: "alice", content: .raw([9, 8, 7], description: "raw"), sentAt: at(1), isOffline: true)),
    .channelMemberJoined(channel: "lobby", user: "bob"),
    .channelMemberLeft(channel: "lobby", user: "bob"),
    .channelMessage(ChannelMessage(channel: "lobby", from: "carol", content: .text("hello all"), sentAt: at(2))),
    .channelMessage(ChannelMessage(channel: "lobby", from: "carol", content: .raw([0xFF], description: "x"), sentAt: at(2))),
    .tokenWillExpire(expiresAt: at(30)),
    .profileChanged(Profile(user: "alice", nickname: "Alice \u{1F600}", avatarURL: "")),
    .profileChanged(Profile(user: "bob")),
    .profileChanged(Profile(user: "carol", nickname: "Carol", avatarURL: "c.png", extendedData: "{\"vip\":true}")),
    .channelAttributesChanged(channel: "lobby", attributes: [
        ChannelAttribute(key: "seat0", value: "alice", updatedBy: "alice", updatedAt: at(3)),
        ChannelAttribute(key: "topic", value: trickyText, updatedBy: "bob", updatedAt: at(4)),
    ]),
    .channelAttributesChanged(channel: "lobby", attributes: []),
] + PresenceState.allCases.map { .presenceChanged(PresenceStatus(user: "bob", state: $0)) }

// MARK: Frames

let sampleHellos: [Hello] = [
    Hello(app: "app-1", user: "alice", device: "alice-phone", token: nil, loginPolicy: .singleDevice),
    Hello(
        app: "1234567890", user: "bob", device: "bob-tablet", token: "eyJ.token.sig", loginPolicy: .multiDevice,
        surface: "zim", resume: Hello.Resume(session: "session-9", lastSequence: 41)),
    Hello(app: "", user: "carol", device: "c", token: "", loginPolicy: .singleDevice, surface: "cli",
          resume: Hello.Resume(session: "s", lastSequence: 0)),    Hello(app: "1400000001", user: "dave", device: "dave-ipad", token: "eJyrVgrxCdZLrSjILEpVsjI0NTU1MjAw0AGLZqak5pVkpmWmFilZKVVkJuZnleYpQaSKU7ITCwoyU4BaTAygACqTmQ5U7VPmaJ6i71lunh5cnFecXRZW5eQS4O-s7JJU6udcbuLuUR7ibJCUWaDtZGILNbIkMxfkAnNU48rAlhvpGSjVAgBOLDHy",
          loginPolicy: .latestDevice, surface: "tencent"),
]

let sampleClientFrames: [ClientFrame] =
    sampleHellos.map { .hello($0) }
    + sampleOperations.enumerated().map { .request(Request(id: RequestID(rawValue: Int64($0.offset) + 1), operation: $0.element)) }
    + [.request(Request(id: RequestID(rawValue: Int64.max), operation: .logout)), .ack(0), .ack(17), .ping]

let sampleServerFrames: [ServerFrame] = [
    .welcome(Welcome(session: "session-1", resumed: false, serverTime: t0, heartbeatInterval: .seconds(1), tokenExpiresAt: nil)),
    .welcome(Welcome(session: "session-1", resumed: true, serverTime: t0, heartbeatInterval: .milliseconds(1500), tokenExpiresAt: at(86_400))),
    .refused(SignalingError(.invalidToken, "the token is forged")),
    .refused(SignalingError(.unsupportedVersion, "version 2 is not spoken here")),
    .pong(t0),
    .response(Response(id: 3, result: .failure(SignalingError(CallError(.callEnded, "call-1 has ended"))))),
] + Bye.Reason.allCases.map { .bye(Bye(reason: $0, message: "bye: \($0)")) }
    + sampleReplies.enumerated().map { .response(Response(id: RequestID(rawValue: Int64($0.offset)), result: .success($0.element.0))) }
    + sampleEvents.enumerated().map { .event(EventEnvelope(sequence: Int64($0.offset) + 1, time: at(Int64($0.offset)), event: $0.element)) }

// MARK: Replies by op

/// The reply key (a `$defs` entry of Schemas/common/reply.schema.json) each op is answered with, as its
/// `ops/<op>.response.schema.json` says.
func replyKey(for op: String) -> String {
    switch op {
    case "session.logout", "presence.unsubscribe", "channel.leave", "channel.send": "empty"
    case "session.renewToken": "token"
    case "call.active": "calls"
    case "call.records": "records"
    case "message.send": "delivery"
    case "presence.query", "presence.subscribe": "presence"
    case "channel.join", "channel.members": "members"
    case "session.multiDevice", "push.register", "push.unregister": "empty"
    case "profile.set", "profile.query": "profiles"
    case "call.deleteRecords": "deleted"
    case "attributes.user.set", "attributes.user.get": "attributes"
    case "attributes.channel.set", "attributes.channel.get": "channelAttributes"
    case "channel.memberCount": "memberCounts"
    case "presence.subscriptions": "users"
    default: "call"
    }
}

/// A sample reply of the kind `op` is answered with.
func sampleReply(for op: String) -> Reply {
    switch replyKey(for: op) {
    case "empty": .empty
    case "token": .token(expiresAt: at(7200))
    case "calls": .calls([crowdedCall])
    case "records": .records(RecordPage(records: Array(sampleRecords.prefix(3)), nextCursor: "c2"))
    case "delivery": .message(.delivered)
    case "presence": .presence([PresenceStatus(user: "bob", state: .online)])
    case "members": .members(["alice"])
    case "profiles": .profiles([Profile(user: "alice", nickname: "Alice")])
    case "deleted": .deletedRecords(["call-9"])
    case "attributes": .attributes([Attribute(key: "k", value: "v")])
    case "channelAttributes": .channelAttributes([ChannelAttribute(key: "k", value: "v", updatedBy: "alice", updatedAt: at(9))])
    case "memberCounts": .memberCounts([ChannelMemberCount(channel: "lobby", count: 1)])
    case "users": .users(["bob"])
    default: .call(endedCall, skipped: [SkippedUser(user: "zed", error: SignalingError(CallError(.notParticipant, "zed is not in the call")))])
    }
}

/// The key of a reply case on the wire.
func replyKey(of reply: Reply) -> String {
    switch reply {
    case .empty: "empty"
    case .call: "call"
    case .calls: "calls"
    case .records: "records"
    case .token: "token"
    case .message: "delivery"
    case .presence: "presence"
    case .members: "members"
    case .profiles: "profiles"
    case .deletedRecords: "deleted"
    case .attributes: "attributes"
    case .channelAttributes: "channelAttributes"
    case .memberCounts: "memberCounts"
    case .users: "users"
    }
}
