extension SQLiteStore {
    /// The store's SQL, each statement shaped for the fewest pages touched (every page a transaction
    /// changes is a WAL frame written at its commit) and every query served by an index
    /// (`SQLiteStoreTests` checks the plans).
    enum Statements {
        /// A record's key orders records by age: its milliseconds shifted left by this many bits, plus its
        /// place among the records of that millisecond (one more than the millisecond's largest key so
        /// far). Retention is then a range of the table's own b-tree, without an index by age. A record
        /// saved again takes a new key (the newer one's age); a key already taken (over a million records
        /// in one millisecond) fails the write, which the service retries, rather than replace another
        /// owner's record.
        static let recordKeyShift: Int64 = 20

        /// Saves a record (arguments: the key range of its millisecond, ``recordKeyShift``, then its
        /// columns), replacing the owner's earlier record of the same call.
        static let saveRecord = """
            INSERT INTO records (id, app, owner, call_id, recorded_at, body)
            VALUES (coalesce((SELECT max(id) + 1 FROM records WHERE id >= ?1 AND id < ?2), ?1), ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (app, owner, call_id) DO UPDATE SET id = excluded.id, recorded_at = excluded.recorded_at,
                body = excluded.body
            """

        /// The newest page of an owner's records.
        static let recordsPage = """
            SELECT body FROM records WHERE app = ? AND owner = ?
            ORDER BY recorded_at DESC, call_id DESC LIMIT ?
            """

        /// The page after a cursor. The cursor is a row value, so a page deep in a long history starts
        /// with a seek in the index, not a walk over the newer records.
        static let recordsPageAfter = """
            SELECT body FROM records WHERE app = ? AND owner = ? AND (recorded_at, call_id) < (?, ?)
            ORDER BY recorded_at DESC, call_id DESC LIMIT ?
            """

        static let deleteRecord = "DELETE FROM records WHERE app = ? AND owner = ? AND call_id = ?"

        /// Retention: the records whose key is below a millisecond's first (``recordKeyShift``).
        static let deleteRecordsBefore = "DELETE FROM records WHERE id < ?"

        /// Saves a live call in place: an update keeps the row where it is, so a transition writes one page
        /// (the table's), where a replace wrote three (it deletes the row, inserts it at the end and moves
        /// its index entry).
        static let saveLiveCall = """
            INSERT INTO live_calls (app, call_id, body) VALUES (?, ?, ?)
            ON CONFLICT (app, call_id) DO UPDATE SET body = excluded.body
            """

        static let removeLiveCall = "DELETE FROM live_calls WHERE app = ? AND call_id = ?"

        static let liveCalls = "SELECT app, body FROM live_calls ORDER BY app, call_id"

        static let profiles = "SELECT app, user, nickname, avatar_url, extended_data FROM profiles ORDER BY app, user"

        static let saveProfile = """
            INSERT OR REPLACE INTO profiles (app, user, nickname, avatar_url, extended_data) VALUES (?, ?, ?, ?, ?)
            """

        // Offline messages and attributes (docs/SERVER.md, "What survives a restart").

        static let keepOfflineMessage = """
            INSERT INTO offline_messages (app, recipient, seq, sender, sent_at, content) VALUES (?, ?, ?, ?, ?, ?)
            """

        static let removeOfflineMessage = "DELETE FROM offline_messages WHERE app = ? AND recipient = ? AND seq = ?"

        static let expireOfflineMessages = "DELETE FROM offline_messages WHERE app = ? AND sent_at <= ?"

        static let offlineMessages = """
            SELECT app, recipient, seq, sender, sent_at, content FROM offline_messages ORDER BY app, seq
            """

        static let saveUserAttributes = """
            INSERT INTO user_attributes (app, user, body) VALUES (?, ?, ?)
            ON CONFLICT (app, user) DO UPDATE SET body = excluded.body
            """

        static let removeUserAttributes = "DELETE FROM user_attributes WHERE app = ? AND user = ?"

        static let userAttributes = "SELECT app, user, body FROM user_attributes ORDER BY app, user"

        static let saveChannelAttributes = """
            INSERT INTO channel_attributes (app, channel, body) VALUES (?, ?, ?)
            ON CONFLICT (app, channel) DO UPDATE SET body = excluded.body
            """

        static let removeChannelAttributes = "DELETE FROM channel_attributes WHERE app = ? AND channel = ?"

        static let channelAttributes = "SELECT app, channel, body FROM channel_attributes ORDER BY app, channel"

        static let savePushRegistration = """
            INSERT INTO push_registrations (app, user, device, platform, token, topic, environment, registered_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (app, user, device, platform) DO UPDATE SET token = excluded.token, topic = excluded.topic,
                environment = excluded.environment, registered_at = excluded.registered_at
            """

        static let removePushRegistration = """
            DELETE FROM push_registrations WHERE app = ? AND user = ? AND device = ? AND platform = ?
            """

        static let pushRegistrations = """
            SELECT app, user, device, platform, token, topic, environment, registered_at FROM push_registrations
            ORDER BY app, user, device, platform
            """
    }
}
