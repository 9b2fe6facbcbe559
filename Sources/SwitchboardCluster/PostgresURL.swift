/// Where the cluster's PostgreSQL is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]`
/// (`postgresql://` too; user, password and database percent-decoded; port 5432 when absent). TLS is off
/// unless `sslmode=require`.
///
/// The password never appears in a description (``redacted``), an error or a log.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Whether the connection uses TLS.
    public enum SSLMode: String, Sendable, Hashable {
        case disable
        case require
    }

    public var user: String
    public var password: String?
    /// A host name or an IP address (an IPv6 address without its brackets).
    public var host: String
    public var port: Int
    public var database: String
    public var sslMode: SSLMode

    public init(user: String, password: String? = nil, host: String, port: Int = 5432, database: String,
                sslMode: SSLMode = .disable) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
        self.sslMode = sslMode
    }

    /// Parses `text`; throws ``PostgresURLError`` naming what is wrong.
    public init(_ text: String) throws(PostgresURLError) {
        var rest = Substring(text)
        if rest.hasPrefix("postgres://") {
            rest = rest.dropFirst("postgres://".count)
        } else if rest.hasPrefix("postgresql://") {
            rest = rest.dropFirst("postgresql://".count)
        } else {
            throw .notPostgres
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else { throw .missingDatabase }
        let authority = rest[..<slash]
        let path = rest[rest.index(after: slash)...]
        guard let at = authority.lastIndex(of: "@") else { throw .missingUser }
        let userInfo = authority[..<at]
        let hostPort = authority[authority.index(after: at)...]

        if let colon = userInfo.firstIndex(of: ":") {
            user = try Self.decoded(userInfo[..<colon], part: .user)
            password = try Self.decoded(userInfo[userInfo.index(after: colon)...], part: .password)
        } else {
            user = try Self.decoded(userInfo, part: .user)
            password = nil
        }
        guard !user.isEmpty else { throw .missingUser }

        let portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw .badHost }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let after = hostPort[hostPort.index(after: close)...]
            if after.isEmpty {
                portText = nil
            } else if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else {
                throw .badHost
            }
        } else if let colon = hostPort.firstIndex(of: ":") {
            host = String(hostPort[..<colon])
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = String(hostPort)
            portText = nil
        }
        guard !host.isEmpty else { throw .missingHost }
        if let portText {
            guard let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isASCII) else {
                throw .badPort(String(portText))
            }
            self.port = port
        } else {
            port = 5432
        }

        database = try Self.decoded(path, part: .database)
        guard !database.isEmpty else { throw .missingDatabase }

        sslMode = .disable
        for parameter in (query ?? "").split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            guard name == "sslmode" else { throw .unknownParameter(name) }
            let value = pair.count > 1 ? String(pair[1]) : ""
            guard let mode = SSLMode(rawValue: value) else { throw .badSSLMode(value) }
            sslMode = mode
        }
    }

    /// The URL with its password replaced by `***`.
    public var redacted: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        let credentials = Self.encoded(user) + (password == nil ? "" : ":***")
        let query = sslMode == .disable ? "" : "?sslmode=\(sslMode.rawValue)"
        return "postgres://\(credentials)@\(host):\(port)/\(Self.encoded(database))\(query)"
    }

    /// ``redacted``: the password never shows.
    public var description: String { redacted }

    public var debugDescription: String { redacted }

    /// The parts, the password masked (`dump`, debuggers).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "user": user, "password": password == nil ? "nil" : "***", "host": host, "port": port,
            "database": database, "sslMode": sslMode,
        ])
    }

    /// The same server and credentials, another database.
    public func with(database: String) -> PostgresURL {
        var url = self
        url.database = database
        return url
    }

    // MARK: Percent-encoding

    private static func decoded(_ text: Substring, part: PostgresURLError.Part) throws(PostgresURLError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .badPercentEncoding(part)
            }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .badPercentEncoding(part) }
        return decoded
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Escapes what would end the part it is in (`:`, `@`, `/`, `?`, `%`, and anything not printable ASCII).
    private static func encoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            let plain = (byte >= 0x21 && byte < 0x7F) && !":@/?%#&[]".utf8.contains(byte)
            if plain {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// What is wrong with a PostgreSQL URL. The password is never part of it.
public enum PostgresURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parts a percent escape can be wrong in.
    public enum Part: String, Sendable, Hashable {
        case user, password, database
    }

    case notPostgres
    case missingUser
    case missingHost
    case badHost
    case badPort(String)
    case missingDatabase
    case badPercentEncoding(Part)
    case unknownParameter(String)
    case badSSLMode(String)

    public var description: String {
        switch self {
        case .notPostgres: "a PostgreSQL URL starts with postgres:// or postgresql://"
        case .missingUser: "the URL names no user (postgres://USER[:PASSWORD]@HOST:PORT/DATABASE)"
        case .missingHost: "the URL names no host"
        case .badHost: "the URL's host is not a name, an IPv4 address or a bracketed IPv6 address"
        case .badPort(let port): "the URL's port \(String(reflecting: port)) is not a number from 1 to 65535"
        case .missingDatabase: "the URL names no database (…/DATABASE)"
        case .badPercentEncoding(let part): "the URL's \(part.rawValue) has a bad percent escape"
        case .unknownParameter(let name): "the URL's parameter \(String(reflecting: name)) is not one Switchboard knows (sslmode)"
        case .badSSLMode(let mode): "sslmode \(String(reflecting: mode)) is neither disable nor require"
        }
    }
}
