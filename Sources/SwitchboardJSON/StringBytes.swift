import CJansson

/// Byte-level string handling. JSON strings and object keys are compared by their UTF-8 bytes
/// (jansson does so when it rejects duplicate keys), while Swift's `String ==` and `hash(into:)`
/// use canonical equivalence; mixing the two would let the parser accept `{"é":1,"é":2}` (NFC
/// and NFD spellings) and then silently fold the two members into one.
enum StringBytes {
    /// Calls `body` with the string's UTF-8 bytes without copying them when the string is native.
    /// Typed throws pass through as `Result`s, since the standard library's `rethrows` would
    /// widen them to `any Error`.
    @inline(__always)
    static func withUTF8<R, E: Error>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let contiguous: Result<R, E>? = string.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(E) -> R in try body(bytes) }
        }
        if let contiguous {
            return try contiguous.get()
        }
        var copy = string
        return try copy.withUTF8 { bytes in
            Result { () throws(E) -> R in try body(bytes) }
        }.get()
    }

    static func equal(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return withUTF8(a) { pa in
            withUTF8(b) { pb in
                pa.count == 0 || sb_bytes_equal(pa.baseAddress, pb.baseAddress, pa.count) != 0
            }
        }
    }

    static func hash(_ s: String, into hasher: inout Hasher) {
        withUTF8(s) { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            // A terminator keeps ["ab", "c"] and ["a", "bc"] from hashing the same way.
            hasher.combine(bytes.count)
        }
    }
}

/// A `String` that hashes and compares by bytes; used as a dictionary key when an object is too
/// large for linear scans.
struct ByteKey: Hashable {
    let string: String

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool { StringBytes.equal(lhs.string, rhs.string) }

    func hash(into hasher: inout Hasher) { StringBytes.hash(string, into: &hasher) }
}
