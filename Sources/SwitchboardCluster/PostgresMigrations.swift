import PostgresNIO

/// The PostgreSQL schema's versions, in order (docs/SERVER.md, "PostgreSQL store"). Each is applied once,
/// in a transaction of its own, recorded in `switchboard_migrations`; every migration takes the same
/// transaction-level advisory lock first, so nodes that start together apply each one once (the others
/// wait, then see it recorded). Add a migration; never edit one that shipped.
enum PostgresMigrations {
    struct Migration {
        var version: Int
        var name: String
        var statements: [String]
    }

    /// The key of the advisory lock that serializes migrations ("SWBD").
    static let lockKey: Int64 = 0x5357_4244

    static let all: [Migration] = [
        Migration(version: 1, name: "records, live calls, profiles, nodes, leases, bus payloads, commit", statements: [
            // Keys compare byte for byte ("C"), as SQLite's and Swift's orders do: record pages sort by call
            // id within a millisecond, whatever the database's locale.
            """
            CREATE TABLE records (
                app text COLLATE "C" NOT NULL,
                owner text COLLATE "C" NOT NULL,
                call_id text COLLATE "C" NOT NULL,
                recorded_at bigint NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (app, owner, call_id)
            )
            """,
            "CREATE INDEX records_newest_first ON records (app, owner, recorded_at DESC, call_id DESC)",
            "CREATE INDEX records_by_age ON records (recorded_at)",
            """
            CREATE TABLE live_calls (
                app text COLLATE "C" NOT NULL,
                call_id text COLLATE "C" NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (app, call_id)
            )
            """,
            """
            CREATE TABLE profiles (
                app text COLLATE "C" NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (app, user_id)
            )
            """,
            """
            CREATE TABLE nodes (
                name text PRIMARY KEY,
                epoch bigint NOT NULL,
                expires_at timestamptz NOT NULL,
                started_at timestamptz
            )
            """,
            """
            CREATE TABLE realm_leases (
                app text COLLATE "C" PRIMARY KEY,
                node text NOT NULL,
                epoch bigint NOT NULL,
                expires_at timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE bus_payloads (
                id bigserial PRIMARY KEY,
                destination text NOT NULL,
                body text NOT NULL,
                created_at timestamptz DEFAULT now()
            )
            """,
            // A step's writes in one round trip and one transaction, under the fence: the lease row is
            // share-locked, so a takeover (which updates it) waits for a commit under way, and a commit
            // after it finds the new epoch and writes nothing.
            """
            CREATE FUNCTION switchboard_commit(p_app text, p_node text, p_epoch bigint, p_writes jsonb)
            RETURNS boolean LANGUAGE plpgsql AS $$
            DECLARE
                w jsonb;
            BEGIN
                PERFORM 1 FROM realm_leases
                    WHERE app = p_app AND node = p_node AND epoch = p_epoch AND expires_at > clock_timestamp()
                    FOR SHARE;
                IF NOT FOUND THEN
                    RETURN false;
                END IF;
                FOR w IN SELECT e.value FROM jsonb_array_elements(p_writes) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
                    CASE w->>'kind'
                    WHEN 'record' THEN
                        INSERT INTO records (app, owner, call_id, recorded_at, body)
                        VALUES (p_app, w->>'owner', w->>'call_id', (w->>'recorded_at')::bigint, w->>'body')
                        ON CONFLICT (app, owner, call_id)
                        DO UPDATE SET recorded_at = EXCLUDED.recorded_at, body = EXCLUDED.body;
                    WHEN 'live_call' THEN
                        INSERT INTO live_calls (app, call_id, body) VALUES (p_app, w->>'call_id', w->>'body')
                        ON CONFLICT (app, call_id) DO UPDATE SET body = EXCLUDED.body;
                    WHEN 'call_ended' THEN
                        DELETE FROM live_calls WHERE app = p_app AND call_id = w->>'call_id';
                    WHEN 'profile' THEN
                        INSERT INTO profiles (app, user_id, body) VALUES (p_app, w->>'user_id', w->>'body')
                        ON CONFLICT (app, user_id) DO UPDATE SET body = EXCLUDED.body;
                    ELSE
                        RAISE EXCEPTION 'switchboard_commit: unknown write kind %', w->>'kind' USING ERRCODE = '22023';
                    END CASE;
                END LOOP;
                RETURN true;
            END
            $$
            """,
            // Deleting an owner's records under the same fence: the ids that were there, or NULL when fenced.
            """
            CREATE FUNCTION switchboard_delete_records(p_app text, p_node text, p_epoch bigint, p_owner text, p_calls text[])
            RETURNS text[] LANGUAGE plpgsql AS $$
            DECLARE
                deleted text[];
            BEGIN
                PERFORM 1 FROM realm_leases
                    WHERE app = p_app AND node = p_node AND epoch = p_epoch AND expires_at > clock_timestamp()
                    FOR SHARE;
                IF NOT FOUND THEN
                    RETURN NULL;
                END IF;
                WITH gone AS (
                    DELETE FROM records WHERE app = p_app AND owner = p_owner AND call_id = ANY (p_calls) RETURNING call_id
                )
                SELECT coalesce(array_agg(call_id), '{}') INTO deleted FROM gone;
                RETURN deleted;
            END
            $$
            """,
        ]),
        Migration(version: 2, name: "offline messages and attributes", statements: [
            // docs/SERVER.md, "What survives a restart": kept with the rest of a step, in the same
            // switchboard_commit, under the same fence.
            """
            CREATE TABLE offline_messages (
                app text COLLATE "C" NOT NULL,
                recipient text COLLATE "C" NOT NULL,
                seq bigint NOT NULL,
                sender text NOT NULL,
                sent_at bigint NOT NULL,
                content text NOT NULL,
                PRIMARY KEY (app, recipient, seq)
            )
            """,
            "CREATE INDEX offline_messages_by_age ON offline_messages (app, sent_at)",
            """
            CREATE TABLE user_attributes (
                app text COLLATE "C" NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (app, user_id)
            )
            """,
            """
            CREATE TABLE channel_attributes (
                app text COLLATE "C" NOT NULL,
                channel text COLLATE "C" NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (app, channel)
            )
            """,
            // The commit learns the new writes (the rest of it as version 1 has it).
            """
            CREATE OR REPLACE FUNCTION switchboard_commit(p_app text, p_node text, p_epoch bigint, p_writes jsonb)
            RETURNS boolean LANGUAGE plpgsql AS $$
            DECLARE
                w jsonb;
            BEGIN
                PERFORM 1 FROM realm_leases
                    WHERE app = p_app AND node = p_node AND epoch = p_epoch AND expires_at > clock_timestamp()
                    FOR SHARE;
                IF NOT FOUND THEN
                    RETURN false;
                END IF;
                FOR w IN SELECT e.value FROM jsonb_array_elements(p_writes) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
                    CASE w->>'kind'
                    WHEN 'record' THEN
                        INSERT INTO records (app, owner, call_id, recorded_at, body)
                        VALUES (p_app, w->>'owner', w->>'call_id', (w->>'recorded_at')::bigint, w->>'body')
                        ON CONFLICT (app, owner, call_id)
                        DO UPDATE SET recorded_at = EXCLUDED.recorded_at, body = EXCLUDED.body;
                    WHEN 'live_call' THEN
                        INSERT INTO live_calls (app, call_id, body) VALUES (p_app, w->>'call_id', w->>'body')
                        ON CONFLICT (app, call_id) DO UPDATE SET body = EXCLUDED.body;
                    WHEN 'call_ended' THEN
                        DELETE FROM live_calls WHERE app = p_app AND call_id = w->>'call_id';
                    WHEN 'profile' THEN
                        INSERT INTO profiles (app, user_id, body) VALUES (p_app, w->>'user_id', w->>'body')
                        ON CONFLICT (app, user_id) DO UPDATE SET body = EXCLUDED.body;
                    WHEN 'offline_message' THEN
                        INSERT INTO offline_messages (app, recipient, seq, sender, sent_at, content)
                        VALUES (p_app, w->>'recipient', (w->>'seq')::bigint, w->>'sender', (w->>'sent_at')::bigint,
                                w->>'content');
                    WHEN 'offline_removed' THEN
                        DELETE FROM offline_messages
                        WHERE app = p_app AND recipient = w->>'recipient'
                          AND seq IN (SELECT s::bigint FROM jsonb_array_elements_text(w->'seqs') AS s);
                    WHEN 'offline_expired' THEN
                        DELETE FROM offline_messages WHERE app = p_app AND sent_at <= (w->>'sent_at')::bigint;
                    WHEN 'user_attributes' THEN
                        IF w->>'body' IS NULL THEN
                            DELETE FROM user_attributes WHERE app = p_app AND user_id = w->>'user_id';
                        ELSE
                            INSERT INTO user_attributes (app, user_id, body) VALUES (p_app, w->>'user_id', w->>'body')
                            ON CONFLICT (app, user_id) DO UPDATE SET body = EXCLUDED.body;
                        END IF;
                    WHEN 'channel_attributes' THEN
                        IF w->>'body' IS NULL THEN
                            DELETE FROM channel_attributes WHERE app = p_app AND channel = w->>'channel';
                        ELSE
                            INSERT INTO channel_attributes (app, channel, body) VALUES (p_app, w->>'channel', w->>'body')
                            ON CONFLICT (app, channel) DO UPDATE SET body = EXCLUDED.body;
                        END IF;
                    ELSE
                        RAISE EXCEPTION 'switchboard_commit: unknown write kind %', w->>'kind' USING ERRCODE = '22023';
                    END CASE;
                END LOOP;
                RETURN true;
            END
            $$
            """,
        ]),
        Migration(version: 3, name: "push tokens", statements: [
            // docs/SERVER.md, "Push": one token per device and platform, written with the rest of a step.
            """
            CREATE TABLE push_registrations (
                app text COLLATE "C" NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                device text COLLATE "C" NOT NULL,
                platform text COLLATE "C" NOT NULL,
                token text NOT NULL,
                topic text NOT NULL,
                environment text NOT NULL,
                registered_at bigint NOT NULL,
                PRIMARY KEY (app, user_id, device, platform)
            )
            """,
            // The commit learns the new writes (the rest of it as version 2 has it).
            """
            CREATE OR REPLACE FUNCTION switchboard_commit(p_app text, p_node text, p_epoch bigint, p_writes jsonb)
            RETURNS boolean LANGUAGE plpgsql AS $$
            DECLARE
                w jsonb;
            BEGIN
                PERFORM 1 FROM realm_leases
                    WHERE app = p_app AND node = p_node AND epoch = p_epoch AND expires_at > clock_timestamp()
                    FOR SHARE;
                IF NOT FOUND THEN
                    RETURN false;
                END IF;
                FOR w IN SELECT e.value FROM jsonb_array_elements(p_writes) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
                    CASE w->>'kind'
                    WHEN 'record' THEN
                        INSERT INTO records (app, owner, call_id, recorded_at, body)
                        VALUES (p_app, w->>'owner', w->>'call_id', (w->>'recorded_at')::bigint, w->>'body')
                        ON CONFLICT (app, owner, call_id)
                        DO UPDATE SET recorded_at = EXCLUDED.recorded_at, body = EXCLUDED.body;
                    WHEN 'live_call' THEN
                        INSERT INTO live_calls (app, call_id, body) VALUES (p_app, w->>'call_id', w->>'body')
                        ON CONFLICT (app, call_id) DO UPDATE SET body = EXCLUDED.body;
                    WHEN 'call_ended' THEN
                        DELETE FROM live_calls WHERE app = p_app AND call_id = w->>'call_id';
                    WHEN 'profile' THEN
                        INSERT INTO profiles (app, user_id, body) VALUES (p_app, w->>'user_id', w->>'body')
                        ON CONFLICT (app, user_id) DO UPDATE SET body = EXCLUDED.body;
                    WHEN 'offline_message' THEN
                        INSERT INTO offline_messages (app, recipient, seq, sender, sent_at, content)
                        VALUES (p_app, w->>'recipient', (w->>'seq')::bigint, w->>'sender', (w->>'sent_at')::bigint,
                                w->>'content');
                    WHEN 'offline_removed' THEN
                        DELETE FROM offline_messages
                        WHERE app = p_app AND recipient = w->>'recipient'
                          AND seq IN (SELECT s::bigint FROM jsonb_array_elements_text(w->'seqs') AS s);
                    WHEN 'offline_expired' THEN
                        DELETE FROM offline_messages WHERE app = p_app AND sent_at <= (w->>'sent_at')::bigint;
                    WHEN 'user_attributes' THEN
                        IF w->>'body' IS NULL THEN
                            DELETE FROM user_attributes WHERE app = p_app AND user_id = w->>'user_id';
                        ELSE
                            INSERT INTO user_attributes (app, user_id, body) VALUES (p_app, w->>'user_id', w->>'body')
                            ON CONFLICT (app, user_id) DO UPDATE SET body = EXCLUDED.body;
                        END IF;
                    WHEN 'channel_attributes' THEN
                        IF w->>'body' IS NULL THEN
                            DELETE FROM channel_attributes WHERE app = p_app AND channel = w->>'channel';
                        ELSE
                            INSERT INTO channel_attributes (app, channel, body) VALUES (p_app, w->>'channel', w->>'body')
                            ON CONFLICT (app, channel) DO UPDATE SET body = EXCLUDED.body;
                        END IF;
                    WHEN 'push_registered' THEN
                        INSERT INTO push_registrations (app, user_id, device, platform, token, topic, environment, registered_at)
                        VALUES (p_app, w->>'user_id', w->>'device', w->>'platform', w->>'token', w->>'topic',
                                w->>'environment', (w->>'registered_at')::bigint)
                        ON CONFLICT (app, user_id, device, platform)
                        DO UPDATE SET token = EXCLUDED.token, topic = EXCLUDED.topic, environment = EXCLUDED.environment,
                                      registered_at = EXCLUDED.registered_at;
                    WHEN 'push_unregistered' THEN
                        DELETE FROM push_registrations
                        WHERE app = p_app AND user_id = w->>'user_id' AND device = w->>'device' AND platform = w->>'platform';
                    ELSE
                        RAISE EXCEPTION 'switchboard_commit: unknown write kind %', w->>'kind' USING ERRCODE = '22023';
                    END CASE;
                END LOOP;
                RETURN true;
            END
            $$
            """,
        ]),
    ]

    /// Applies every migration `database` lacks, each in its own transaction under the advisory lock.
    static func migrate(_ database: PostgresDatabase) throws(PostgresStoreError) {
        for migration in all {
            try apply(migration, to: database)
        }
    }

    private static func apply(_ migration: Migration, to database: PostgresDatabase) throws(PostgresStoreError) {
        let slot = database.writer
        _ = try database.run("BEGIN", on: slot)
        do {
            _ = try database.run("SELECT pg_advisory_xact_lock(\(lockKey))", on: slot)
            _ = try database.run("""
                CREATE TABLE IF NOT EXISTS switchboard_migrations (
                    version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, on: slot)
            let applied = try database.run(
                "SELECT 1 FROM switchboard_migrations WHERE version = \(migration.version)", on: slot)
            if applied.rows.isEmpty {
                for statement in migration.statements {
                    _ = try database.run(PostgresQuery(unsafeSQL: statement), on: slot)
                }
                _ = try database.run("""
                    INSERT INTO switchboard_migrations (version, name, applied_at)
                    VALUES (\(migration.version), \(migration.name), now())
                    """, on: slot)
                database.logger.info("PostgreSQL schema: applied migration \(migration.version) (\(migration.name))")
            }
            _ = try database.run("COMMIT", on: slot)
        } catch {
            _ = try? database.run("ROLLBACK", on: slot)
            throw error
        }
    }
}
