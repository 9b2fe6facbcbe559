// Swift mirror of AtomicXCore `CallParams` (DocC `callparams.json`, a struct) with the 4.x fields, whose
// Swift form is inferred (docs/TENCENT.md, "CallParams 4.x fields"), and their defaults, the Dart
// `atomic_x_core` ones (docs/TENCENT.md, "Default values").

/// AtomicXCore `CloudRecordPolicy` (4.x, HARMONY-DOC and Dart `atomic_x_core` 4.1.0): whether the call is cloud-recorded.
public enum CloudRecordPolicy: Int, Sendable, CaseIterable {
    /// AtomicXCore `CloudRecordPolicy.followConsoleConfig` (0, the default): follow the console's recording setting.
    case followConsoleConfig = 0
    /// AtomicXCore `CloudRecordPolicy.enable` (1): record this call.
    case enable = 1
    /// AtomicXCore `CloudRecordPolicy.disable` (2): do not record this call.
    case disable = 2
}

/// AtomicXCore `CallParams` (DocC `callparams.json`): the optional parameters of `calls` and `invite`.
public struct CallParams: Sendable {
    /// AtomicXCore `CallParams.init()`: every field at its default.
    public init() {}

    /// AtomicXCore `CallParams.roomId` (default ""): the media room; the server assigns one if empty.
    public var roomId: String = ""
    /// AtomicXCore `CallParams.timeout` (seconds, default 30): how long `calls` rings unanswered; 0 means the 30 s server default, not "no timeout". Does not apply to `invite` or to connected calls.
    public var timeout: Int = 30
    /// AtomicXCore `CallParams.userData` (default ""): passed through to the callee's `onCallReceived`; not kept in `CallInfo` or call records.
    public var userData: String = ""
    /// AtomicXCore `CallParams.chatGroupId` (default ""): the IM group id, only for calls started from a group chat; fixed by the first `calls`.
    public var chatGroupId: String = ""
    /// AtomicXCore `CallParams.isEphemeralCall` (default false): an "encrypted"/ephemeral call that leaves no call record or message.
    public var isEphemeralCall: Bool = false
    /// AtomicXCore 4.x `CallParams.cloudRecordPolicy` (default `.followConsoleConfig`): the call's cloud-recording policy.
    public var cloudRecordPolicy: CloudRecordPolicy = .followConsoleConfig
    /// AtomicXCore 4.x `CallParams.offlinePushTitle` (default ""): the title of the callee's offline push.
    public var offlinePushTitle: String = ""
    /// AtomicXCore 4.x `CallParams.offlinePushDescription` (default ""): the body of the callee's offline push.
    public var offlinePushDescription: String = ""
}
