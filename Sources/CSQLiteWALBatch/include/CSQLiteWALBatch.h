#ifndef CSQLITEWALBATCH_H
#define CSQLITEWALBATCH_H

/// The name of the VFS that `switchboard_wal_batch_register` adds (a URI filename chooses it: `?vfs=`).
#define SWITCHBOARD_WAL_BATCH_VFS "switchboard-wal-batch"

/// Registers the VFS over the process's default VFS (not made the default: only databases opened with it
/// use it). Returns 1 when it is registered and this SQLite takes URI filenames (`file:PATH?vfs=NAME`),
/// the only way to choose it; 0 otherwise. Call it once, before any other thread opens a database.
int switchboard_wal_batch_register(void);

typedef struct sqlite3 sqlite3;

/// How many writes (each one `pwrite`) the VFS made to the WAL file of `database`'s main database since
/// it was opened; -1 when that file is not the VFS's (for tests and measurements).
long switchboard_wal_batch_writes(sqlite3 *database);

#endif
