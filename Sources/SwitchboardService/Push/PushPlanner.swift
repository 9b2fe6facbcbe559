import SwitchboardCore
import SwitchboardProfiles

/// Which pushes a call needs now (docs/SERVER.md, "Push"): a pure function of the call as a step left it,
/// the app's push tokens and who has a live session. The service runs it whenever a call changes, and keeps
/// the marks it returns with the call, so each (call, device, platform, kind) is pushed at most once, also
/// after a restart or a cluster takeover (the marks are in the stored call's internals).
///
/// - A ring: an invitee is ringing and one of their devices with a token has no live session, on a
///   platform the call's surface pushes on (``/SwitchboardProfiles/CallProfile/pushPlatforms(attachments:)``).
/// - A cancel: a device rung for an invitation that no longer rings there (cancelled, answered on another
///   device, rejected, timed out, ended) without having connected on that device.
enum PushPlanner {
    struct Plan {
        var jobs: [PushJob] = []
        /// The participants whose marks changed, with their new marks.
        var marks: [(UserID, [PushMark])] = []
    }

    /// How long a cancel is worth delivering: a phone that comes online later than that was not showing the
    /// ring any more (its ring push expired at the ring deadline).
    static let cancelLifetime: Duration = .seconds(30)

    static func plan(
        _ call: Call, app: AppID, registry: PushRegistry, hasLiveSession: (UserID, DeviceID) -> Bool, at now: Timestamp
    ) -> Plan {
        var plan = Plan()
        let profile = CallProfile(placedThrough: call.placedThrough)
        let platforms = profile?.pushPlatforms(attachments: call.attachments) ?? Set(PushPlatform.allCases)
        let layout = Self.layout(of: profile)
        let content = Self.content(of: call, layout: layout)
        for participant in call.participants where participant.role != .caller || !participant.pushMarks.isEmpty {
            var marks = participant.pushMarks
            var changed = false
            let ringing = participant.state.isRinging && !call.state.isEnded
            func job(_ kind: PushKind, _ registration: PushRegistration, reason: PushCancelReason?, expiresAt: Timestamp) -> PushJob {
                PushJob(app: app, callID: call.id, caller: call.caller, callee: participant.user, mediaType: call.mediaType,
                        kind: kind, cancelReason: reason, registration: registration, layout: layout, content: content,
                        expiresAt: expiresAt, decidedAt: now)
            }
            // Rings that stopped for their device.
            for index in marks.indices where !marks[index].isSettled {
                let mark = marks[index]
                if ringing && participant.invitedAt == mark.invitedAt { continue }
                marks[index].isSettled = true
                changed = true
                let answeredThere = participant.state.isInCall && participant.device == mark.device
                    && participant.invitedAt == mark.invitedAt
                let key = PushRegistration.Key(user: participant.user, device: mark.device, platform: mark.platform)
                guard !answeredThere, let registration = registry.byKey[key] else { continue }
                plan.jobs.append(job(.cancel, registration, reason: cancelReason(participant, mark: mark, in: call),
                                     expiresAt: now + cancelLifetime))
            }
            // New rings.
            if ringing {
                for registration in registry.registrations(of: participant.user)
                where platforms.contains(registration.platform) && !hasLiveSession(participant.user, registration.device) {
                    let sameTarget = { (mark: PushMark) in mark.device == registration.device && mark.platform == registration.platform }
                    if marks.contains(where: { sameTarget($0) && $0.invitedAt == participant.invitedAt }) { continue }
                    // A settled mark of an earlier invitation of this user gives way.
                    marks.removeAll { sameTarget($0) && $0.isSettled }
                    marks.append(PushMark(device: registration.device, platform: registration.platform,
                                          invitedAt: participant.invitedAt))
                    changed = true
                    let deadline = participant.ringDeadline ?? (participant.invitedAt + call.policy.ringTimeout)
                    plan.jobs.append(job(.ring, registration, reason: nil, expiresAt: max(deadline, now)))
                }
            }
            if changed { plan.marks.append((participant.user, marks)) }
        }
        return plan
    }

    /// Why the ring of `mark` stopped, from where the participant now is.
    static func cancelReason(_ participant: Participant, mark: PushMark, in call: Call) -> PushCancelReason {
        if participant.invitedAt != mark.invitedAt { return .ended }
        switch participant.state {
        case .cancelled: return .cancelled
        case .accepting, .accepted: return .answeredElsewhere
        case .rejected: return .rejected
        case .timedOut: return .timedOut
        default: return .ended
        }
    }

    /// The layout the app's push handlers parse: the vendor's for a call placed through its surface
    /// (docs/SERVER.md, "Push").
    static func layout(of profile: CallProfile?) -> PushLayout {
        switch profile {
        case .zimGeneral, .zimAdvanced: .zego
        case .tencent: .tencent
        case .agora, .anyRTC, .native, .nativeAdvanced, nil: .switchboard
        }
    }

    /// The push text and data the surface kept with the call: ZIM's `zim.push.*` attachments, Tencent's
    /// (docs/TENCENT.md, "Offline push"), or the call's payload.
    static func content(of call: Call, layout: PushLayout) -> PushContent {
        let attachments = call.attachments
        switch layout {
        case .zego:
            return PushContent(title: attachments["zim.push.title"] ?? "", body: attachments["zim.push.content"] ?? "",
                               payload: attachments["zim.push.payload"])
        case .tencent:
            return PushContent(title: attachments["tencent.offlinePushTitle"] ?? "",
                               body: attachments["tencent.offlinePushDescription"] ?? "",
                               payload: call.payload, vendorInfo: attachments["tencent.offlinePushInfo"])
        case .switchboard:
            return PushContent(payload: call.payload)
        }
    }
}
