import PostgresNIO
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

extension PostgresDatabase {
    /// One page of `owner`'s records in `app`, newest first (by `recordedAt`, then call id), starting after
    /// `cursor`: the order and cursor rule of ``/SwitchboardService/ServiceStore/records(app:owner:after:limit:)``, for
    /// any app, with no lease (the admin API on any node). Blocks until PostgreSQL answers.
    public func records(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) throws(PostgresStoreError)
        -> (records: [CallRecord], next: RecordCursor?)
    {
        // One more than asked: whether there is a next page. The cursor is a row value, so a page deep in
        // a long history starts with a seek in the index (records_newest_first).
        let fetch = Int64(max(0, limit)) + 1
        let query: PostgresQuery
        if let cursor {
            query = """
                SELECT body FROM records
                WHERE app = \(app.rawValue) AND owner = \(owner.rawValue)
                  AND (recorded_at, call_id) < (\(cursor.recordedAt.millisecondsSince1970), \(cursor.callID.rawValue))
                ORDER BY recorded_at DESC, call_id DESC LIMIT \(fetch)
                """
        } else {
            query = """
                SELECT body FROM records WHERE app = \(app.rawValue) AND owner = \(owner.rawValue)
                ORDER BY recorded_at DESC, call_id DESC LIMIT \(fetch)
                """
        }
        var records: [CallRecord] = []
        for row in try run(query, on: reader).rows {
            records.append(try StoredBodies.record(try Self.column(row, String.self)))
        }
        let hasMore = records.count > limit
        if hasMore { records.removeLast() }
        return (records, hasMore ? records.last.map(RecordCursor.init(after:)) : nil)
    }

    /// The first column of `row` as `type`, or ``PostgresStoreError/corrupt(_:)``.
    static func column<Value: PostgresDecodable>(_ row: PostgresRow, _ type: Value.Type) throws(PostgresStoreError) -> Value {
        do {
            return try row.decode(Value.self)
        } catch {
            throw .corrupt("a column is not a \(Value.self): \(error)")
        }
    }
}

extension PostgresDatabase {
    /// `app`'s live calls as last written, for any app, with no lease (the admin API on a node that does
    /// not host the app), oldest first. Blocks until PostgreSQL answers.
    public func liveCalls(app: AppID) throws -> [Call] {
        let result = try run("SELECT body FROM live_calls WHERE app = \(app.rawValue)", on: reader)
        var calls: [Call] = []
        for row in result.rows {
            calls.append(try StoredBodies.call(try Self.column(row, String.self)))
        }
        return calls.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
}
