import SwitchboardClient
import SwitchboardCore
import SwitchboardEmbedded
import SwitchboardWire

/// Prints the demo's trace: what each simulated user does, and what each user's client receives.
struct Trace {
    let verbose: Bool

    func section(_ title: String) {
        print("")
        print("== \(title)")
    }

    func action(_ time: Timestamp, _ user: UserID, _ text: String) {
        print("\(stamp(time)) \(pad(user.rawValue)) -> \(text)")
    }

    func note(_ time: Timestamp, _ text: String) {
        print("\(stamp(time)) \(pad("")) .. \(text)")
    }

    func received(_ time: Timestamp, _ user: UserID, _ event: ClientEvent) {
        print("\(stamp(time)) \(pad(user.rawValue)) <- \(describe(event))")
        if verbose, case .server(.call(let note)) = event {
            for participant in note.call.participants {
                print("\(String(repeating: " ", count: 24))\(participant.user): \(participant.state)")
            }
        }
    }

    private func stamp(_ time: Timestamp) -> String {
        let millis = time.millisecondsSince1970 - SimulatedService.defaultEpoch.millisecondsSince1970
        let seconds = Double(millis) / 1000
        let text = String(seconds)
        let parts = text.split(separator: ".")
        let fraction = (parts.count > 1 ? String(parts[1]) : "0").padding(toLength: 3, withPad: "0", startingAt: 0)
        return "[t+\(String(repeating: " ", count: max(0, 4 - parts[0].count)))\(parts[0]).\(fraction)s]"
    }

    private func pad(_ name: String) -> String {
        name.padding(toLength: 6, withPad: " ", startingAt: 0)
    }

    func describe(_ event: ClientEvent) -> String {
        switch event {
        case .connection(let state, let reason):
            return "connection \(state.rawValue) (\(reason.rawValue))"
        case .sessionReplaced:
            return "session replaced by a fresh login"
        case .reconnectRefused(let error):
            return "reconnect refused: \(error)"
        case .server(let event):
            return describe(event)
        }
    }

    private func describe(_ event: ServerEvent) -> String {
        switch event {
        case .call(let note):
            let call = "call \(short(note.call.id))"
            switch note.kind {
            case .created:
                return "\(event.name) \(call) to \(note.call.participants.dropFirst().map(\.user.rawValue).joined(separator: ", "))"
            case .invited(let by):
                let payload = note.call.payload.map { " \"\($0)\"" } ?? ""
                return "\(event.name) \(call) by \(by)\(payload)"
            case .participantsChanged(let users):
                let states = users.compactMap { user in note.call.participant(user).map { "\(user) \($0.state)" } }
                return "\(event.name) \(call): \(states.joined(separator: ", "))"
            case .cancelled(let by, _):
                return "\(event.name) \(call) by \(by)"
            case .timedOut(let cause):
                return "\(event.name) \(call) (\(cause.rawValue))"
            case .acceptFailed(let failure):
                return "\(event.name) \(call) (\(failure.rawValue))"
            case .answeredElsewhere(let device):
                return "\(event.name) \(call) on \(device)"
            case .ended:
                let end = note.call.state.end
                return "\(event.name) \(call): \(end?.reason.rawValue ?? "?")\(end?.by.map { " by \($0)" } ?? "")"
            case .acceptConfirmed, .synced:
                return "\(event.name) \(call)"
            }
        case .message(let message):
            return "\(event.name) from \(message.from): \(text(message.content))\(message.isOffline ? " (kept offline)" : "")"
        case .presenceChanged(let status):
            return "\(event.name) \(status.user) \(status.state.rawValue)"
        case .channelMemberJoined(let channel, let user), .channelMemberLeft(let channel, let user):
            return "\(event.name) \(channel): \(user)"
        case .channelMessage(let message):
            return "\(event.name) \(message.channel) from \(message.from): \(text(message.content))"
        case .tokenWillExpire(let expiry):
            return "\(event.name) at \(expiry)"
        case .profileChanged(let profile):
            return "\(event.name) \(profile.user): \(profile.nickname ?? "-")"
        case .channelAttributesChanged(let channel, let attributes):
            return "\(event.name) \(channel): \(attributes.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))"
        }
    }

    private func text(_ content: MessageContent) -> String {
        switch content {
        case .text(let text): "\"\(text)\""
        case .raw(let bytes, let description): "\(bytes.count) raw bytes (\(description))"
        }
    }

    /// A call id short enough to read in a trace: the service's ids are "c", 12 hex digits of time, 4 of
    /// a counter and 12 random ones; the counter tells the demo's calls apart.
    func short(_ id: CallID) -> String {
        let raw = id.rawValue
        guard raw.count == 29, raw.hasPrefix("c") else { return String(raw.prefix(9)) }
        return "c" + raw.dropFirst(13).prefix(4)
    }
}
