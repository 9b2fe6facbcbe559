import DequeModule
import SwitchboardCore
import SwitchboardWire

/// The peer messages one app keeps for offline users, and what each sender and each recipient holds of
/// them, so that every quota is checked in one place (docs/SECURITY.md, "Quotas").
///
/// A message over any quota is refused to its sender and nothing changes. Nothing a sender stored is
/// ever dropped for another sender's message: the one exception to "refuse the newest" is a recipient's
/// own limits, where the newest message replaces the oldest ones of the same sender to the same
/// recipient (Agora's rule, "the newest replaces the oldest", kept within one conversation).
///
/// Mutated only under the service's lock, as part of its ``Realm``.
struct OfflineMessageStore {
    /// How many messages and how many bytes (``MessageContent/byteCount``) someone holds.
    struct Usage: Hashable {
        var count = 0
        var bytes = 0

        static func + (usage: Usage, message: PeerMessage) -> Usage {
            Usage(count: usage.count + 1, bytes: usage.bytes + message.content.byteCount)
        }

        static func - (usage: Usage, message: PeerMessage) -> Usage {
            Usage(count: usage.count - 1, bytes: usage.bytes - message.content.byteCount)
        }

        func fits(_ limit: Quota) -> Bool { count <= limit.count && bytes <= limit.bytes }
    }

    /// A bound on someone's ``Usage``.
    struct Quota: Hashable {
        var count: Int
        var bytes: Int
    }

    /// The bounds a message must fit (from ``ServiceConfiguration``).
    struct Quotas: Hashable {
        var perRecipient: Quota
        var perSender: Quota
        var perApp: Quota
    }

    /// What ``store(_:for:within:)`` kept: the message's sequence, and the sender's older messages to the
    /// same recipient it replaced (the stores drop those).
    struct Stored: Hashable {
        var sequence: Int64
        var replaced: [KeptPeerMessage]
    }

    /// Each offline user's messages, oldest first, with their sequences.
    private(set) var messages: [UserID: Deque<KeptPeerMessage>] = [:]
    private(set) var recipients: [UserID: Usage] = [:]
    private(set) var senders: [UserID: Usage] = [:]
    /// What the whole app holds.
    private(set) var total = Usage()
    /// The sequence the next kept message gets.
    private(set) var nextSequence: Int64 = 1

    /// What `sender` holds, across every recipient.
    func usage(ofSender sender: UserID) -> Usage { senders[sender] ?? Usage() }

    /// What is kept for `recipient`.
    func usage(ofRecipient recipient: UserID) -> Usage { recipients[recipient] ?? Usage() }

    /// Keeps `message` for `recipient`, or says which quota it exceeds and changes nothing.
    mutating func store(_ message: PeerMessage, for recipient: UserID, within quotas: Quotas) -> Result<Stored, SignalingError> {
        let sender = message.from
        var queue = messages[recipient] ?? []
        var recipientUsage = usage(ofRecipient: recipient) + message
        // The recipient's limits: make room with the sender's own oldest messages to this recipient.
        var replaced: [Int] = []
        var index = queue.startIndex
        while !recipientUsage.fits(quotas.perRecipient), index < queue.endIndex {
            if queue[index].message.from == sender {
                replaced.append(index)
                recipientUsage = recipientUsage - queue[index].message
            }
            index += 1
        }
        guard recipientUsage.fits(quotas.perRecipient) else {
            return .failure(Self.refusal("\(recipient) has as many offline messages kept as the service allows",
                                         quotas.perRecipient, "per recipient"))
        }
        let freed = replaced.reduce(Usage()) { $0 + queue[$1].message }
        let senderUsage = Usage(count: usage(ofSender: sender).count - freed.count + 1,
                                bytes: usage(ofSender: sender).bytes - freed.bytes + message.content.byteCount)
        guard senderUsage.fits(quotas.perSender) else {
            return .failure(Self.refusal("you already keep \(Self.describe(usage(ofSender: sender))) for offline users",
                                         quotas.perSender, "per sender"))
        }
        let appUsage = Usage(count: total.count - freed.count + 1, bytes: total.bytes - freed.bytes + message.content.byteCount)
        guard appUsage.fits(quotas.perApp) else {
            return .failure(Self.refusal("the app keeps as many offline messages as the service allows", quotas.perApp, "per app"))
        }
        let replacedMessages = replaced.map { queue[$0] }
        for index in replaced.reversed() { queue.remove(at: index) }
        let sequence = nextSequence
        nextSequence += 1
        queue.append(KeptPeerMessage(recipient: recipient, sequence: sequence, message: message))
        messages[recipient] = queue
        recipients[recipient] = recipientUsage
        senders[sender] = senderUsage
        total = appUsage
        return .success(Stored(sequence: sequence, replaced: replacedMessages))
    }

    /// Undoes the ``store(_:for:within:)`` that returned `stored` (its write failed): the message goes,
    /// the ones it replaced come back in their places, and every usage is as before.
    mutating func unstore(_ stored: Stored, for recipient: UserID) {
        guard var queue = messages[recipient], let index = queue.firstIndex(where: { $0.sequence == stored.sequence }) else { return }
        let message = queue.remove(at: index).message
        recipients[recipient] = usage(ofRecipient: recipient) - message
        release(message)
        for kept in stored.replaced {
            let position = queue.firstIndex { $0.sequence > kept.sequence } ?? queue.endIndex
            queue.insert(kept, at: position)
            recipients[recipient] = usage(ofRecipient: recipient) + kept.message
            senders[kept.message.from] = usage(ofSender: kept.message.from) + kept.message
            total = total + kept.message
        }
        messages[recipient] = queue.isEmpty ? nil : queue
        if recipients[recipient]?.count == 0 { recipients[recipient] = nil }
    }

    /// Takes back a message a store kept (after a restart or a takeover), in sequence order, without the
    /// quotas: it was within them when kept, and must not be lost because a quota is smaller now.
    mutating func restore(_ kept: KeptPeerMessage) {
        messages[kept.recipient, default: []].append(kept)
        recipients[kept.recipient] = usage(ofRecipient: kept.recipient) + kept.message
        senders[kept.message.from] = usage(ofSender: kept.message.from) + kept.message
        total = total + kept.message
        nextSequence = max(nextSequence, kept.sequence + 1)
    }

    /// Hands over everything kept for `recipient` (at login), oldest first, and forgets it.
    mutating func take(for recipient: UserID) -> Deque<KeptPeerMessage> {
        guard let kept = messages.removeValue(forKey: recipient) else { return [] }
        recipients[recipient] = nil
        for entry in kept { release(entry.message) }
        return kept
    }

    /// Drops every message sent at or before `oldest`; returns when the oldest one left was sent.
    mutating func dropMessages(sentAtOrBefore oldest: Timestamp) -> Timestamp? {
        var oldestLeft: Timestamp?
        for (recipient, var queue) in messages {
            while let first = queue.first?.message, first.sentAt <= oldest {
                queue.removeFirst()
                recipients[recipient] = usage(ofRecipient: recipient) - first
                release(first)
            }
            if let first = queue.first?.message {
                messages[recipient] = queue
                oldestLeft = min(oldestLeft ?? first.sentAt, first.sentAt)
            } else {
                messages[recipient] = nil
                recipients[recipient] = nil
            }
        }
        return oldestLeft
    }

    private mutating func release(_ message: PeerMessage) {
        let left = usage(ofSender: message.from) - message
        senders[message.from] = left.count == 0 ? nil : left
        total = total - message
    }

    private static func refusal(_ what: String, _ quota: Quota, _ scope: String) -> SignalingError {
        SignalingError(.rateLimited, "\(what); at most \(describe(Usage(count: quota.count, bytes: quota.bytes))) \(scope)")
    }

    private static func describe(_ usage: Usage) -> String {
        "\(usage.count) message\(usage.count == 1 ? "" : "s") (\(usage.bytes) bytes)"
    }
}
