#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One server per store file (docs/SERVER.md, "Durability"): an exclusive `flock` on `<file>.lock`, held
/// for as long as the store is open, so a second server on the same file is refused at start instead of
/// sharing the live calls. The kernel drops the lock with the process, `kill -9` included, so a crash
/// never leaves the file locked; the lock file itself stays and is harmless.
///
/// Written by hand: SQLite's own locks cannot say "one server" once the store's second connection (its
/// checkpointer, ``SQLiteCheckpointer``) shares the file, and no package of ours wraps `flock`. `flock`, not
/// `fcntl`: POSIX record locks would be dropped for the whole process when any descriptor of the file
/// closes, which SQLite's own use of them makes a hazard.
final class StoreFileLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or throws ``StoreFileLockError`` when another store holds it.
    init(storeAt path: String) throws(StoreFileLockError) {
        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreFileLockError(path: path, reason: "cannot open \(lockPath): \(String(cString: strerror(errno)))")
        }
        let error = Self.lock(descriptor)
        guard error == 0 else {
            close(descriptor)
            throw StoreFileLockError(
                path: path,
                reason: error == EWOULDBLOCK ? "another server has it open" : "cannot lock \(lockPath): \(String(cString: strerror(error)))")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// How long a lock held by someone else is waited for before the store is refused.
    static let patience: Duration = .milliseconds(250)

    /// `flock`, tried again for ``patience`` while another holder has it: a lock may be held for a moment
    /// after its store closed, by a server still exiting or by a child process another thread forked before
    /// `O_CLOEXEC` closed its copy of the descriptor at `exec` (seen in the test suites, which start servers
    /// as processes while reopening stores). A second server that keeps the file open is refused after it.
    /// Returns 0, or the `errno` of the last attempt.
    private static func lock(_ descriptor: Int32) -> Int32 {
        let deadline = ContinuousClock.now + patience
        while true {
            guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return 0 }
            let error = errno
            guard error == EWOULDBLOCK, ContinuousClock.now < deadline else { return error }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
    }
}

/// The store's file is in use by another server, or its lock file cannot be taken.
public struct StoreFileLockError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "the store \(path) cannot be opened: \(reason)" }
}
