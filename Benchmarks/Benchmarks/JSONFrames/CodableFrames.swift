import Foundation

// Codable mirrors of the three benchmark frames (the shapes of Schemas/), for the JSONDecoder /
// JSONEncoder side of the comparison: the typed path Foundation offers, against the wire codec's.

struct CodableRequestFrame: Codable {
    struct Body: Codable {
        var call: String
        var data: String?
    }
    var t: String
    var id: Int64
    var op: String
    var body: Body
}

struct CodableState: Codable {
    var state: String
    var reason: String?
}

struct CodablePolicy: Codable {
    var ringTimeoutMs: Int64
    var ringTimeoutStart: String
    var deliveryTimeoutMs: Int64?
    var notReceivedCheckMs: Int64?
    var offlineInvitees: String
    var busyInvitees: String
    var acceptConfirmationMs: Int64?
    var endWhenAlone: Bool
    var keepsEmptyCall: Bool?
    var cancelWhenCallerOffline: Bool
    var leavesWithDevice: Bool?
    var ephemeral: Bool
    var maxInviteesPerInvitation: Int
    var maxParticipants: Int
    var maxPayloadBytes: Int
    var maxAnswerBytes: Int
}

struct CodableParticipant: Codable {
    var user: String
    var role: String
    var invitedBy: String?
    var state: String
    var reason: String?
    var data: String?
    var changedAt: Int64
    var invitedAt: Int64
    var answeredAt: Int64?
    var leftAt: Int64?
    var device: String?
}

struct CodableCall: Codable {
    var id: String
    var caller: String
    var mode: String
    var policy: CodablePolicy
    var mediaType: String?
    var roomID: String?
    var groupID: String?
    var payload: String?
    var attachments: [String: String]?
    var state: String
    var createdAt: Int64
    var connectedAt: Int64?
    var participants: [CodableParticipant]
}

struct CodableEventFrame: Codable {
    struct Body: Codable {
        var call: CodableCall
        var by: String
    }
    var t: String
    var seq: Int64
    var time: Int64
    var name: String
    var body: Body
}

struct CodableMember: Codable {
    var user: String
    var state: CodableState
    var data: String?
    var changedAt: Int64?
}

struct CodableRecord: Codable {
    var call: String
    var owner: String
    var caller: String
    var participants: [String]
    var mode: String
    var mediaType: String?
    var roomID: String?
    var groupID: String?
    var direction: String
    var outcome: CodableState
    var endReason: String
    var answeredOn: String?
    var startedAt: Int64
    var durationMs: Int64
    var recordedAt: Int64
    var payload: String?
    var inviter: String?
    var members: [CodableMember]?
    var endedAt: Int64?
    var callEndReason: String?
}

struct CodableRecordsFrame: Codable {
    struct Page: Codable {
        var records: [CodableRecord]
        var nextCursor: String?
    }
    var t: String
    var id: Int64
    var ok: Page
}
