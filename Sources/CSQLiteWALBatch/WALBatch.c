// A VFS over the process's default one that gathers a transaction's WAL frames and writes them with one
// write when the commit frame is complete (docs/PERFORMANCE.md, "The store").
//
// SQLite writes each WAL frame as two writes, its 24-byte header and then its page, so a commit of n pages
// is 2n `pwrite`s. The frames of one transaction are contiguous in the WAL file; this VFS keeps them in a
// buffer and writes the buffer once the commit frame's page is in it (a commit frame's header carries the
// database size, which no other frame's does). So the commit is in the file, as with the default VFS,
// before SQLite's commit returns: a process killed afterwards loses nothing. A process killed before loses
// only frames that belonged to no commit yet, which recovery would discard anyway.
//
// Anything else on the WAL file first writes what is gathered: a write that does not follow on (SQLite
// rewriting a frame of the same transaction, or the WAL header), a read (SQLite reading a frame back),
// sync, truncate, size, file controls, close. Files other than WAL files pass straight through.

#include "CSQLiteWALBatch.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

enum {
    walHeaderSize = 32,
    frameHeaderSize = 24,
    // The most one write may carry: the default unix VFS writes at most 128 KiB less one byte per call
    // (os_unix.c, seekAndWriteFd, masks the length to 17 bits; SQLite's own writes are at most a page).
    // A transaction larger than that writes its frames as the buffer fills, in writes of at most this.
    bufferLimit = 0x1ffff,
};

typedef struct BatchFile {
    sqlite3_file base;
    // The default VFS's file, in the same allocation, right after this struct.
    sqlite3_file *real;
    int isWAL;
    unsigned char *buffer;
    sqlite3_int64 bufferOffset;
    int bufferLength;
    int bufferCapacity;
    // The last frame header gathered was a commit frame's: its page completes the transaction.
    int commitPending;
    // Writes made to the real file (WAL files only).
    long writes;
} BatchFile;

static sqlite3_vfs batchVFS;
static sqlite3_vfs *realVFS;
static const sqlite3_io_methods batchMethods;

static int writeThrough(BatchFile *file, const void *data, int amount, sqlite3_int64 offset) {
    if (file->isWAL) file->writes += 1;
    return file->real->pMethods->xWrite(file->real, data, amount, offset);
}

static int flush(BatchFile *file) {
    if (file->bufferLength == 0) return SQLITE_OK;
    int length = file->bufferLength;
    file->bufferLength = 0;
    file->commitPending = 0;
    return writeThrough(file, file->buffer, length, file->bufferOffset);
}

/// Makes room for `amount` more bytes; 0 when the buffer cannot hold them (the caller writes through).
static int reserve(BatchFile *file, int amount) {
    int needed = file->bufferLength + amount;
    if (needed <= file->bufferCapacity) return 1;
    if (needed > bufferLimit) return 0;
    int capacity = file->bufferCapacity ? file->bufferCapacity : 32 << 10;
    while (capacity < needed) capacity *= 2;
    if (capacity > bufferLimit) capacity = bufferLimit;
    unsigned char *grown = realloc(file->buffer, (size_t)capacity);
    if (!grown) return 0;
    file->buffer = grown;
    file->bufferCapacity = capacity;
    return 1;
}

static int batchWrite(sqlite3_file *handle, const void *data, int amount, sqlite3_int64 offset) {
    BatchFile *file = (BatchFile *)handle;
    int rc;
    if (!file->isWAL || offset < walHeaderSize) {
        if ((rc = flush(file)) != SQLITE_OK) return rc;
        return writeThrough(file, data, amount, offset);
    }
    if (file->bufferLength > 0 && offset != file->bufferOffset + file->bufferLength) {
        if ((rc = flush(file)) != SQLITE_OK) return rc;
    }
    if (!reserve(file, amount)) {
        if ((rc = flush(file)) != SQLITE_OK) return rc;
        if (!reserve(file, amount)) return writeThrough(file, data, amount, offset);
    }
    if (file->bufferLength == 0) file->bufferOffset = offset;
    memcpy(file->buffer + file->bufferLength, data, (size_t)amount);
    file->bufferLength += amount;
    if (amount == frameHeaderSize) {
        // Bytes 4 to 7 of a frame header: the database size in pages after a commit, zero otherwise.
        const unsigned char *header = data;
        file->commitPending = (header[4] | header[5] | header[6] | header[7]) != 0;
        return SQLITE_OK;
    }
    return file->commitPending ? flush(file) : SQLITE_OK;
}

static int batchClose(sqlite3_file *handle) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    int closed = file->real->pMethods->xClose(file->real);
    free(file->buffer);
    file->buffer = NULL;
    file->bufferCapacity = 0;
    return rc != SQLITE_OK ? rc : closed;
}

static int batchRead(sqlite3_file *handle, void *out, int amount, sqlite3_int64 offset) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xRead(file->real, out, amount, offset);
}

static int batchTruncate(sqlite3_file *handle, sqlite3_int64 size) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xTruncate(file->real, size);
}

static int batchSync(sqlite3_file *handle, int flags) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xSync(file->real, flags);
}

static int batchFileSize(sqlite3_file *handle, sqlite3_int64 *size) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileSize(file->real, size);
}

static int batchLock(sqlite3_file *handle, int level) {
    BatchFile *file = (BatchFile *)handle;
    return file->real->pMethods->xLock(file->real, level);
}

static int batchUnlock(sqlite3_file *handle, int level) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xUnlock(file->real, level);
}

static int batchCheckReservedLock(sqlite3_file *handle, int *out) {
    BatchFile *file = (BatchFile *)handle;
    return file->real->pMethods->xCheckReservedLock(file->real, out);
}

static int batchFileControl(sqlite3_file *handle, int op, void *argument) {
    BatchFile *file = (BatchFile *)handle;
    int rc = flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileControl(file->real, op, argument);
}

static int batchSectorSize(sqlite3_file *handle) {
    BatchFile *file = (BatchFile *)handle;
    return file->real->pMethods->xSectorSize(file->real);
}

static int batchDeviceCharacteristics(sqlite3_file *handle) {
    BatchFile *file = (BatchFile *)handle;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int batchShmMap(sqlite3_file *handle, int region, int size, int extend, void volatile **out) {
    BatchFile *file = (BatchFile *)handle;
    if (file->real->pMethods->iVersion < 2) return SQLITE_IOERR;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, out);
}

static int batchShmLock(sqlite3_file *handle, int offset, int count, int flags) {
    BatchFile *file = (BatchFile *)handle;
    if (file->real->pMethods->iVersion < 2) return SQLITE_IOERR;
    return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void batchShmBarrier(sqlite3_file *handle) {
    BatchFile *file = (BatchFile *)handle;
    if (file->real->pMethods->iVersion >= 2) file->real->pMethods->xShmBarrier(file->real);
}

static int batchShmUnmap(sqlite3_file *handle, int deleteFlag) {
    BatchFile *file = (BatchFile *)handle;
    if (file->real->pMethods->iVersion < 2) return SQLITE_OK;
    return file->real->pMethods->xShmUnmap(file->real, deleteFlag);
}

static int batchFetch(sqlite3_file *handle, sqlite3_int64 offset, int amount, void **out) {
    BatchFile *file = (BatchFile *)handle;
    *out = NULL;
    int rc = flush(file);
    if (rc != SQLITE_OK || file->real->pMethods->iVersion < 3) return rc;
    return file->real->pMethods->xFetch(file->real, offset, amount, out);
}

static int batchUnfetch(sqlite3_file *handle, sqlite3_int64 offset, void *page) {
    BatchFile *file = (BatchFile *)handle;
    if (file->real->pMethods->iVersion < 3) return SQLITE_OK;
    return file->real->pMethods->xUnfetch(file->real, offset, page);
}

static const sqlite3_io_methods batchMethods = {
    3,
    batchClose, batchRead, batchWrite, batchTruncate, batchSync, batchFileSize, batchLock, batchUnlock,
    batchCheckReservedLock, batchFileControl, batchSectorSize, batchDeviceCharacteristics,
    batchShmMap, batchShmLock, batchShmBarrier, batchShmUnmap,
    batchFetch, batchUnfetch,
};

static int batchOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *handle, int flags, int *outFlags) {
    (void)vfs;
    BatchFile *file = (BatchFile *)handle;
    memset(file, 0, sizeof *file);
    file->real = (sqlite3_file *)&file[1];
    int rc = realVFS->xOpen(realVFS, name, file->real, flags, outFlags);
    if (file->real->pMethods == NULL) {
        // Nothing to close: SQLite does not call xClose on a file whose pMethods is NULL.
        file->base.pMethods = NULL;
        return rc;
    }
    file->isWAL = (flags & SQLITE_OPEN_WAL) != 0;
    file->base.pMethods = &batchMethods;
    return rc;
}

static int batchDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    return realVFS->xDelete(realVFS, name, syncDirectory);
}

static int batchAccess(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    (void)vfs;
    return realVFS->xAccess(realVFS, name, flags, out);
}

static int batchFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return realVFS->xFullPathname(realVFS, name, size, out);
}

static void *batchDlOpen(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return realVFS->xDlOpen(realVFS, name);
}

static void batchDlError(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    realVFS->xDlError(realVFS, size, out);
}

static void (*batchDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs;
    return realVFS->xDlSym(realVFS, library, symbol);
}

static void batchDlClose(sqlite3_vfs *vfs, void *library) {
    (void)vfs;
    realVFS->xDlClose(realVFS, library);
}

static int batchRandomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return realVFS->xRandomness(realVFS, size, out);
}

static int batchSleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return realVFS->xSleep(realVFS, microseconds);
}

static int batchCurrentTime(sqlite3_vfs *vfs, double *out) {
    (void)vfs;
    return realVFS->xCurrentTime(realVFS, out);
}

static int batchGetLastError(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return realVFS->xGetLastError ? realVFS->xGetLastError(realVFS, size, out) : 0;
}

static int batchCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    (void)vfs;
    if (realVFS->iVersion >= 2 && realVFS->xCurrentTimeInt64) return realVFS->xCurrentTimeInt64(realVFS, out);
    double days;
    int rc = realVFS->xCurrentTime(realVFS, &days);
    *out = (sqlite3_int64)(days * 86400000.0);
    return rc;
}

long switchboard_wal_batch_writes(sqlite3 *database) {
    sqlite3_file *wal = NULL;
    if (sqlite3_file_control(database, "main", SQLITE_FCNTL_JOURNAL_POINTER, &wal) != SQLITE_OK || wal == NULL
        || wal->pMethods != &batchMethods) {
        return -1;
    }
    return ((BatchFile *)wal)->writes;
}

int switchboard_wal_batch_register(void) {
    if (realVFS != NULL) return 1;
    if (!sqlite3_compileoption_used("USE_URI")) return 0;
    sqlite3_vfs *base = sqlite3_vfs_find(NULL);
    if (base == NULL) return 0;
    batchVFS.iVersion = 2;
    batchVFS.szOsFile = (int)sizeof(BatchFile) + base->szOsFile;
    batchVFS.mxPathname = base->mxPathname;
    batchVFS.zName = SWITCHBOARD_WAL_BATCH_VFS;
    batchVFS.xOpen = batchOpen;
    batchVFS.xDelete = batchDelete;
    batchVFS.xAccess = batchAccess;
    batchVFS.xFullPathname = batchFullPathname;
    batchVFS.xDlOpen = batchDlOpen;
    batchVFS.xDlError = batchDlError;
    batchVFS.xDlSym = batchDlSym;
    batchVFS.xDlClose = batchDlClose;
    batchVFS.xRandomness = batchRandomness;
    batchVFS.xSleep = batchSleep;
    batchVFS.xCurrentTime = batchCurrentTime;
    batchVFS.xGetLastError = batchGetLastError;
    batchVFS.xCurrentTimeInt64 = batchCurrentTimeInt64;
    realVFS = base;
    if (sqlite3_vfs_register(&batchVFS, 0) != SQLITE_OK) {
        realVFS = NULL;
        return 0;
    }
    return 1;
}
