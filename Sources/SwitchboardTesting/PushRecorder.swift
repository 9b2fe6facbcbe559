import Synchronization
import SwitchboardService

/// Records the pushes a world's service decides, in order, instead of sending them: pass one to
/// ``TestWorld/init(configuration:encodesFrames:store:verifier:backendEvents:pushes:epoch:logger:)``
/// and read ``jobs``.
public final class PushRecorder: PushDispatching {
    private let recorded = Mutex<[PushJob]>([])

    public init() {}

    public func dispatch(_ jobs: [PushJob]) {
        recorded.withLock { $0 += jobs }
    }

    /// Every push handed over so far, in order.
    public var jobs: [PushJob] {
        recorded.withLock { $0 }
    }
}
