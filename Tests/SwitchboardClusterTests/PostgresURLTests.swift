import ClusterTestSupport
import Testing
import SwitchboardCluster

@Suite("PostgreSQL URL")
struct PostgresURLTests {
    @Test("a full URL, percent-decoded; postgresql:// and the default port; sslmode; IPv6")
    func good() throws {
        let url = try PostgresURL("postgres://sw%40user:p%3Ass%2Fw@db.example:6543/switch%20board?sslmode=require")
        #expect(url.user == "sw@user")
        #expect(url.password == "p:ss/w")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.database == "switch board")
        #expect(url.sslMode == .require)

        let plain = try PostgresURL("postgresql://switchboard@127.0.0.1/switchboard")
        #expect(plain == PostgresURL(user: "switchboard", host: "127.0.0.1", port: 5432, database: "switchboard"))
        #expect(plain.password == nil)
        #expect(try PostgresURL("postgres://u@h:1/d?sslmode=disable").sslMode == .disable)

        let v6 = try PostgresURL("postgres://u:pw@[::1]:5433/d")
        #expect(v6.host == "::1")
        #expect(v6.port == 5433)
        #expect(v6.redacted == "postgres://u:***@[::1]:5433/d")
        // A password may hold an unescaped @: the last one ends the credentials.
        #expect(try PostgresURL("postgres://u:a@b@h/d").password == "a@b")
    }

    @Test("bad URLs throw an error naming the part that is wrong", arguments: [
        ("mysql://u@h/d", PostgresURLError.notPostgres),
        ("postgres://h:5432/d", .missingUser),
        ("postgres://:pw@h/d", .missingUser),
        ("postgres://u@/d", .missingHost),
        ("postgres://u@h:0/d", .badPort("0")),
        ("postgres://u@h:70000/d", .badPort("70000")),
        ("postgres://u@h:x1/d", .badPort("x1")),
        ("postgres://u@h:5432", .missingDatabase),
        ("postgres://u@h:5432/", .missingDatabase),
        ("postgres://u@[::1/d", .badHost),
        ("postgres://u%zz@h/d", .badPercentEncoding(.user)),
        ("postgres://u:%4@h/d", .badPercentEncoding(.password)),
        ("postgres://u@h/d%ff", .badPercentEncoding(.database)),
        ("postgres://u@h/d?sslmode=verify-full", .badSSLMode("verify-full")),
        ("postgres://u@h/d?application_name=x", .unknownParameter("application_name")),
    ])
    func bad(text: String, expected: PostgresURLError) {
        #expect(throws: expected) { try PostgresURL(text) }
    }

    @Test("the password never shows: description, redacted form, errors")
    func redacted() throws {
        let url = try PostgresURL("postgres://switchboard:hunter2secret@127.0.0.1:5432/switchboard")
        #expect(url.redacted == "postgres://switchboard:***@127.0.0.1:5432/switchboard")
        #expect(!String(describing: url).contains("hunter2"))
        #expect(!String(reflecting: url).contains("hunter2"))
        #expect(!"\(url.with(database: "other"))".contains("hunter2"))
        do {
            _ = try PostgresURL("postgres://u:hunter2%g@h/d")
            Issue.record("a bad escape in the password must throw")
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }
}
