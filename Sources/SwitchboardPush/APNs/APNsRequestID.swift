import Crypto
import Foundation
import SwitchboardService

/// The `apns-id` of a push: a UUID derived from the job's idempotency key, so every attempt of the same push,
/// in this process or after a restart, carries the same id (Apple, "Sending notification requests to APNs":
/// a canonical lowercase UUID). Name-based like RFC 9562's version 5, with SHA-256 in place of SHA-1 and
/// the version bits saying 8 (custom), as RFC 9562 allows.
enum APNsRequestID {
    static func of(_ job: PushJob) -> String {
        let digest = SHA256.hash(data: Data("switchboard.push/\(job.app.rawValue)/\(job.idempotencyKey)".utf8))
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }
}
