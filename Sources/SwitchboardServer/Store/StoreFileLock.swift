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
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
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
}

/// The store's file is in use by another server, or its lock file cannot be taken.
public struct StoreFileLockError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "the store \(path) cannot be opened: \(reason)" }
}
