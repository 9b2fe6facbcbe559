// Reading a `callExperimentalAPI(jsonObject:)` request: the jansson layer (SwitchboardJSON) parses it, then
// each field is checked as Schemas/experimental/ says. Keep this file and those schemas in step: the
// agreement test in ExperimentalAPITests runs both over one corpus and requires the same verdicts.

import SwitchboardJSON

extension ExperimentalAPICall {
    /// Parses and validates the `jsonObject` string of `TUICallEngine.callExperimentalAPI(jsonObject:)`
    /// (docs/TENCENT.md, "The experimental API").
    ///
    /// The text goes through SwitchboardJSON's jansson parser with tight limits (``maxBytes``,
    /// ``maxDepth``; duplicate keys, integers outside Int64 and lone surrogates are refused there). The
    /// value must then match `Schemas/experimental/request.schema.json` and the API's
    /// `<api>.params.schema.json` exactly: JSON types as JSON Schema defines them (an integer is a
    /// number with no fractional part, so `720` and `720.0` are both accepted and `720.5` and `"720"`
    /// are not; booleans are `true`/`false` only; `null` is never an omitted value), the ranges,
    /// the `#RRGGBB` pattern, required members, no unknown members, at most 9 regions.
    ///
    /// When a document has several problems, the one reported is the first found in this order: JSON,
    /// the envelope (object, members, `api`), the API name, then `params` depth first, in each object
    /// unknown members (in document order), then missing ones, then each member in schema order.
    public static func parse(_ jsonObject: String) throws(ExperimentalAPIError) -> ExperimentalAPICall {
        let root: JSONValue
        do {
            root = try JSONParser(limits: JSONLimits(maxBytes: maxBytes, maxDepth: maxDepth)).parse(jsonObject)
        } catch {
            throw ExperimentalAPIError(code: .invalidJSON, path: Reader.rootName, message: "\(Reader.rootName): not valid JSON: \(error)")
        }
        let request = try Reader(root, path: "", code: .invalidJSON, expected: "an object {\"api\": string, \"params\": object}")
        try request.allowOnly(["api", "params"])
        let name = try request.string("api")
        guard let api = API.allCases.first(where: { Reader.same($0.rawValue, name) }) else {
            let known = API.allCases.map(\.rawValue).joined(separator: ", ")
            throw ExperimentalAPIError(
                code: .unknownAPI, path: "api", message: "api: \(Reader.show(.string(name))) is not a known API (\(known))")
        }
        guard let paramsValue = request.object["params"] else {
            throw request.error("params", "required member is missing", code: .invalidParams)
        }
        let params = try Reader(paramsValue, path: "params", code: .invalidParams, expected: "an object")
        switch api {
        case .forceUseV2API:
            try params.allowOnly(["enable"])
            return .forceUseV2API(enable: try params.bool("enable"))
        case .setFramework:
            try params.allowOnly(["framework", "component", "language"])
            try params.require(["framework", "component", "language"])
            let codes = 0...Int(Int32.max)
            return .setFramework(ExperimentalFramework(
                framework: try params.integer("framework", codes),
                component: try params.integer("component", codes),
                language: try params.integer("language", codes)))
        case .setExcludeFromHistoryMessage:
            try params.allowOnly(["excludeFromHistoryMessage"])
            return .setExcludeFromHistoryMessage(excludeFromHistoryMessage: try params.bool("excludeFromHistoryMessage"))
        case .configPictureInPicture:
            return .configPictureInPicture(try pictureInPicture(params))
        case .enablePictureInPicture:
            try params.allowOnly(["enable"])
            return .enablePictureInPicture(enable: try params.bool("enable"))
        }
    }

    private static func pictureInPicture(_ params: Reader) throws(ExperimentalAPIError) -> PictureInPictureConfig {
        try params.allowOnly(["enable", "cameraBackgroundCapture", "canvas", "regions"])
        try params.require(["enable"])
        var config = PictureInPictureConfig(enable: try params.bool("enable"))
        config.cameraBackgroundCapture = try params.optional("cameraBackgroundCapture") { (key) throws(ExperimentalAPIError) in try params.bool(key) }
        if let canvas = try params.optionalObject("canvas") {
            try canvas.allowOnly(["width", "height", "backgroundColor"])
            try canvas.require(["width", "height"])
            config.canvas = PictureInPictureConfig.Canvas(
                width: try canvas.integer("width", 1...4096),
                height: try canvas.integer("height", 1...4096),
                backgroundColor: try canvas.optional("backgroundColor") { (key) throws(ExperimentalAPIError) in try canvas.color(key) })
        }
        if let value = params.object["regions"] {
            let path = params.childPath("regions")
            guard case .array(let elements) = value, elements.count <= PictureInPictureConfig.maxRegions else {
                let got = value.arrayValue.map { "\($0.count) regions" } ?? Reader.show(value)
                throw params.error("regions", "must be an array of at most \(PictureInPictureConfig.maxRegions) regions, got \(got)")
            }
            var regions: [PictureInPictureConfig.Region] = []
            for (index, element) in elements.enumerated() {
                regions.append(try region(try Reader(element, path: "\(path)[\(index)]", code: .invalidParams, expected: "an object")))
            }
            config.regions = regions
        }
        return config
    }

    private static func region(_ region: Reader) throws(ExperimentalAPIError) -> PictureInPictureConfig.Region {
        let fields = ["userId", "width", "height", "x", "y", "fillMode", "streamType", "backgroundColor", "backgroundImage"]
        try region.allowOnly(fields)
        try region.require(Array(fields.prefix(5)))
        var result = PictureInPictureConfig.Region(
            userId: try region.userId("userId"),
            width: try region.fraction("width"), height: try region.fraction("height"),
            x: try region.fraction("x"), y: try region.fraction("y"))
        result.fillMode = try region.optional("fillMode") { (key) throws(ExperimentalAPIError) in
            let raw = try region.integer(key, 0...1, expected: "must be 0 (fill) or 1 (fit)")
            return PictureInPictureConfig.FillMode(rawValue: raw)!
        }
        result.streamType = try region.optional("streamType") { (key) throws(ExperimentalAPIError) in
            let value = try region.value(key)
            guard case .string(let raw) = value,
                let type = PictureInPictureConfig.StreamType.allCases.first(where: { Reader.same($0.rawValue, raw) })
            else {
                throw region.error(key, "must be \"high\" or \"low\", got \(Reader.show(value))")
            }
            return type
        }
        result.backgroundColor = try region.optional("backgroundColor") { (key) throws(ExperimentalAPIError) in try region.color(key) }
        result.backgroundImage = try region.optional("backgroundImage") { (key) throws(ExperimentalAPIError) in try region.string(key) }
        return result
    }
}

/// One JSON object of a request with its path (`params.regions[2]`), reading members as the schemas type them.
private struct Reader {
    static let rootName = "jsonObject"

    let object: JSONObject
    /// `""` for the root.
    let path: String
    let code: ExperimentalAPIError.Code

    init(_ value: JSONValue, path: String, code: ExperimentalAPIError.Code, expected: String) throws(ExperimentalAPIError) {
        guard case .object(let object) = value else {
            throw ExperimentalAPIError(
                code: code, path: path.isEmpty ? Self.rootName : path,
                message: "\(path.isEmpty ? Self.rootName : path): must be \(expected), got \(Self.show(value))")
        }
        self.object = object
        self.path = path
        self.code = code
    }

    /// `params.canvas`, `params.regions`; a key that is not an identifier is quoted: `params["a b"]`.
    func childPath(_ key: String) -> String {
        guard Self.isIdentifier(key) else { return (path.isEmpty ? Self.rootName : path) + "[" + Self.quote(key) + "]" }
        return path.isEmpty ? key : path + "." + key
    }

    static func isIdentifier(_ key: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        guard let first = key.utf8.first, isLetter(first) else { return false }
        return key.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Byte-for-byte, as JSON (and JSON Schema) compare strings; Swift's `==` would also match
    /// canonically equivalent spellings.
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    func error(_ key: String, _ reason: String, code: ExperimentalAPIError.Code? = nil) -> ExperimentalAPIError {
        let location = childPath(key)
        return ExperimentalAPIError(code: code ?? self.code, path: location, message: "\(location): \(reason)")
    }

    /// Refuses the first member (in document order) that is not one of `keys`.
    func allowOnly(_ keys: [String]) throws(ExperimentalAPIError) {
        for member in object.keys where !keys.contains(where: { Self.same($0, member) }) {
            throw error(member, "unknown member; allowed: \(keys.joined(separator: ", "))")
        }
    }

    /// Refuses the first of `keys` that is missing.
    func require(_ keys: [String]) throws(ExperimentalAPIError) {
        for key in keys where object[key] == nil {
            throw error(key, "required member is missing")
        }
    }

    func value(_ key: String) throws(ExperimentalAPIError) -> JSONValue {
        guard let value = object[key] else { throw error(key, "required member is missing") }
        return value
    }

    /// `read(key)` when the member is present, nil when it is absent (`null` is not absent).
    func optional<T>(_ key: String, _ read: (String) throws(ExperimentalAPIError) -> T) throws(ExperimentalAPIError) -> T? {
        object[key] == nil ? nil : try read(key)
    }

    func optionalObject(_ key: String) throws(ExperimentalAPIError) -> Reader? {
        guard let value = object[key] else { return nil }
        return try Reader(value, path: childPath(key), code: code, expected: "an object")
    }

    func bool(_ key: String) throws(ExperimentalAPIError) -> Bool {
        let value = try value(key)
        guard case .bool(let bool) = value else { throw error(key, "must be true or false, got \(Self.show(value))") }
        return bool
    }

    func string(_ key: String) throws(ExperimentalAPIError) -> String {
        let value = try value(key)
        guard case .string(let string) = value else { throw error(key, "must be a string, got \(Self.show(value))") }
        return string
    }

    /// An integer in `range`, as JSON Schema's `integer`: `.int`, or a `.double` with no fractional part.
    func integer(_ key: String, _ range: ClosedRange<Int>, expected: String? = nil) throws(ExperimentalAPIError) -> Int {
        let value = try value(key)
        let reason = expected ?? "must be an integer from \(range.lowerBound) to \(range.upperBound)"
        switch value {
        case .int(let int) where Int64(range.lowerBound) <= int && int <= Int64(range.upperBound):
            return Int(int)
        case .double(let double) where double.rounded(.towardZero) == double
            && Double(range.lowerBound) <= double && double <= Double(range.upperBound):
            return Int(double)
        default:
            throw error(key, "\(reason), got \(Self.show(value))")
        }
    }

    /// A number (integer or real) from 0 to 1.
    func fraction(_ key: String) throws(ExperimentalAPIError) -> Double {
        let value = try value(key)
        let number: Double? = switch value {
        case .int(let int): Double(int)
        case .double(let double): double
        default: nil
        }
        guard let number, 0 <= number, number <= 1 else { throw error(key, "must be a number from 0 to 1, got \(Self.show(value))") }
        return number
    }

    /// 1 to 64 characters, counted in Unicode scalars as JSON Schema's `minLength`/`maxLength` count them.
    func userId(_ key: String) throws(ExperimentalAPIError) -> String {
        let value = try value(key)
        guard case .string(let string) = value, (1...64).contains(string.unicodeScalars.count) else {
            let got = value.stringValue.map { "\($0.unicodeScalars.count) characters" } ?? Self.show(value)
            throw error(key, "must be a string of 1 to 64 characters, got \(got)")
        }
        return string
    }

    /// `#RRGGBB`, hex digits in either case.
    func color(_ key: String) throws(ExperimentalAPIError) -> String {
        let value = try value(key)
        guard case .string(let string) = value, Self.isColor(string) else {
            throw error(key, "must be a color \"#RRGGBB\", got \(Self.show(value))")
        }
        return string
    }

    static func isColor(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }

    /// A short description of a value for messages: numbers as written, strings quoted (and cut), else the kind.
    static func show(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .int(let int): "\(int)"
        case .double(let double): "\(double)"
        case .string(let string): quote(string)
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `string` in double quotes with `"`, `\` and control characters escaped; cut after 40 characters.
    static func quote(_ string: String) -> String {
        var result = "\""
        for (index, scalar) in string.unicodeScalars.enumerated() {
            if index == 40 {
                result += "..."
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
