/// Why a store call failed, as the device's state machine carries it: the code and message of the
/// `ErrorInfo` the app gets. `ErrorInfo` is the vendor's and declares no `Equatable` (docs/TENCENT.md,
/// "Equatable only where declared"); the machine's actions are compared in tests.
struct TencentFailure: Error, Hashable, Sendable {
    var code: Int
    var message: String

    init(_ info: ErrorInfo) {
        code = info.code
        message = info.message
    }

    var info: ErrorInfo { ErrorInfo(code: code, message: message) }
}

/// How a store call ended: what its `CompletionClosure` gets.
enum TencentOutcome: Hashable, Sendable {
    case success
    case failure(TencentFailure)

    static func failure(_ info: ErrorInfo) -> TencentOutcome { .failure(TencentFailure(info)) }

    var result: Result<Void, ErrorInfo> {
        switch self {
        case .success: .success(())
        case .failure(let failure): .failure(failure.info)
        }
    }
}
