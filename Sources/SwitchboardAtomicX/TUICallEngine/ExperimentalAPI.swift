// The requests of Tencent's `TUICallEngine.callExperimentalAPI(jsonObject:)`
// (docs/TENCENT.md, "The experimental API"): typed calls, the error they fail with, and the settings
// they change. Parsing and validation are in ExperimentalAPI+Parsing.swift.

/// One request of `TUICallEngine.callExperimentalAPI(jsonObject:)`, parsed and validated.
///
/// The `jsonObject` string is `{"api": "<name>", "params": {...}}`. ``parse(_:)`` reads it through the
/// jansson layer (SwitchboardJSON) and validates it exactly as the JSON Schemas in `Schemas/experimental/`
/// do (`request.schema.json` for the envelope, `<api>.params.schema.json` for the params); the test
/// `ExperimentalAPITests` holds the two to the same verdict on every document of its corpus, with Python's
/// `jsonschema` as the independent validator.
///
/// Only the five APIs that go to TUICallEngine are known. The ones the kits send to
/// `TRTCCloud.callExperimentalAPI` instead (`setPrivateConfig`, `reportOnlineLog`, ...) are unknown here,
/// like any other name: they fail with ``ExperimentalAPIError/Code/unknownAPI``.
public enum ExperimentalAPICall: Equatable, Sendable {
    /// `forceUseV2API` `{"enable": Bool}`: `calls` goes back to the V2 `call`/`groupCall` signaling, to
    /// keep interop with old versions.
    case forceUseV2API(enable: Bool)
    /// `setFramework` `{"framework": Int, "component": Int, "language": Int}`: which kit drives the
    /// engine (telemetry).
    case setFramework(ExperimentalFramework)
    /// `setExcludeFromHistoryMessage` `{"excludeFromHistoryMessage": Bool}`: whether call signaling is
    /// kept out of the chat history (sent only when TUIChat is present).
    case setExcludeFromHistoryMessage(excludeFromHistoryMessage: Bool)
    /// `configPictureInPicture` `{"enable": Bool, "cameraBackgroundCapture"?, "canvas"?, "regions"?}`:
    /// the picture-in-picture layout.
    case configPictureInPicture(PictureInPictureConfig)
    /// `enablePictureInPicture` `{"enable": Bool}`: picture-in-picture on or off (the Flutter kit).
    case enablePictureInPicture(enable: Bool)

    /// The known API names, as written in the request's `api` (case-sensitive).
    public enum API: String, CaseIterable, Sendable {
        case forceUseV2API
        case setFramework
        case setExcludeFromHistoryMessage
        case configPictureInPicture
        case enablePictureInPicture
    }

    /// Which API this call is.
    public var api: API {
        switch self {
        case .forceUseV2API: .forceUseV2API
        case .setFramework: .setFramework
        case .setExcludeFromHistoryMessage: .setExcludeFromHistoryMessage
        case .configPictureInPicture: .configPictureInPicture
        case .enablePictureInPicture: .enablePictureInPicture
        }
    }

    /// The largest accepted `jsonObject`, in UTF-8 bytes (a full nine-region layout is about 2 KiB).
    public static let maxBytes = 16 * 1024
    /// The deepest accepted nesting, counted as SwitchboardJSON's `JSONLimits` counts it (every value on
    /// the path from the root, scalars included). A valid request is at most 5 deep
    /// (`{"params": {"regions": [{"x": 0}]}}`).
    public static let maxDepth = 8
}

/// The params of `setFramework` (docs/TENCENT.md, "The experimental API"). Each code is a non-negative
/// 32-bit integer; values other than the known ones are kept as they are.
public struct ExperimentalFramework: Equatable, Hashable, Sendable {
    /// 1 iOS native, 7 Flutter.
    public var framework: Int
    /// 14 TUICallKit, 15 TUICallKit used with TUIChat.
    public var component: Int
    /// 3 Swift.
    public var language: Int

    public init(framework: Int, component: Int, language: Int) {
        self.framework = framework
        self.component = component
        self.language = language
    }

    /// What the iOS native TUICallKit sends: framework 1, component 14, language 3 (Swift).
    public static let iOSNative = ExperimentalFramework(framework: 1, component: 14, language: 3)
    /// The iOS native TUICallKit used with TUIChat: component 15.
    public static let iOSNativeWithChat = ExperimentalFramework(framework: 1, component: 15, language: 3)
}

/// The params of `configPictureInPicture` (docs/TENCENT.md, "The experimental API"; KIT4
/// `PictureInPictureFeature.swift`). Optional members are nil when the request left them out; a new
/// config replaces the previous one whole.
public struct PictureInPictureConfig: Equatable, Sendable {
    /// Whether picture-in-picture is shown with this layout.
    public var enable: Bool
    /// Whether the camera keeps capturing in the background.
    public var cameraBackgroundCapture: Bool?
    public var canvas: Canvas?
    /// At most 9 (the kit's grid limit).
    public var regions: [Region]?

    public init(enable: Bool, cameraBackgroundCapture: Bool? = nil, canvas: Canvas? = nil, regions: [Region]? = nil) {
        self.enable = enable
        self.cameraBackgroundCapture = cameraBackgroundCapture
        self.canvas = canvas
        self.regions = regions
    }

    /// The largest number of regions.
    public static let maxRegions = 9

    /// The canvas, e.g. 720 × 1280 on `#111111`.
    public struct Canvas: Equatable, Sendable {
        /// Pixels, 1...4096.
        public var width: Int
        /// Pixels, 1...4096.
        public var height: Int
        /// `#RRGGBB`, as written.
        public var backgroundColor: String?

        public init(width: Int, height: Int, backgroundColor: String? = nil) {
            self.width = width
            self.height = height
            self.backgroundColor = backgroundColor
        }
    }

    /// Where one user's video goes. `width`, `height`, `x` and `y` are fractions of the canvas, 0...1.
    public struct Region: Equatable, Sendable {
        /// 1 to 64 characters (Unicode scalars, as JSON Schema counts `maxLength`).
        public var userId: String
        public var width: Double
        public var height: Double
        public var x: Double
        public var y: Double
        public var fillMode: FillMode?
        public var streamType: StreamType?
        /// `#RRGGBB`, as written.
        public var backgroundColor: String?
        /// Shown while the user has no video, e.g. a `file://` URL.
        public var backgroundImage: String?

        public init(
            userId: String, width: Double, height: Double, x: Double, y: Double, fillMode: FillMode? = nil,
            streamType: StreamType? = nil, backgroundColor: String? = nil, backgroundImage: String? = nil
        ) {
            self.userId = userId
            self.width = width
            self.height = height
            self.x = x
            self.y = y
            self.fillMode = fillMode
            self.streamType = streamType
            self.backgroundColor = backgroundColor
            self.backgroundImage = backgroundImage
        }
    }

    /// `fillMode`, with TUIVideoRenderParamsFillMode's raw values.
    public enum FillMode: Int, CaseIterable, Sendable {
        /// Crop to cover the region.
        case fill = 0
        /// Letterbox inside the region.
        case fit = 1
    }

    /// `streamType`: which video stream the region shows.
    public enum StreamType: String, CaseIterable, Sendable {
        case high
        case low
    }
}

/// Why a `callExperimentalAPI(jsonObject:)` request was refused. A refused request changes nothing.
public struct ExperimentalAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure. The raw values are stable and may be logged; the engine reports each to
    /// its observers as `TUICallObserver.onError(code:message:)` with `ERROR_PARAM_INVALID`.
    public enum Code: String, CaseIterable, Sendable {
        /// `jsonObject` is not JSON within the limits (``ExperimentalAPICall/maxBytes``,
        /// ``ExperimentalAPICall/maxDepth``, SwitchboardJSON's rules: no duplicate keys, integers within
        /// Int64, ...), or not a request object: not an object, `api` missing or not a string, or a
        /// member other than `api` and `params`.
        case invalidJSON
        /// `api` is a string but not one of ``ExperimentalAPICall/API``.
        case unknownAPI
        /// `params` is missing, not an object, or does not match the API's params schema.
        case invalidParams
    }

    public var code: Code
    /// Where the problem is, as a JSON path from the request's root: `params.regions[2].x`; `jsonObject`
    /// for the document as a whole.
    public var path: String
    /// The path and what is wrong there: `params.regions[2].x: must be a number from 0 to 1, got 1.5`.
    public var message: String

    public init(code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(code.rawValue): \(message)"
    }
}

/// The settings `TUICallEngine.callExperimentalAPI(jsonObject:)` changes (`setFramework`,
/// `configPictureInPicture`, ...), as the engine keeps them and shows them in its state.
public struct ExperimentalSettings: Equatable, Sendable {
    /// `forceUseV2API`; off by default.
    public var forceUseV2API: Bool
    /// The last `setFramework`, nil until one is made.
    public var framework: ExperimentalFramework?
    /// `setExcludeFromHistoryMessage`; off by default.
    public var excludeFromHistoryMessage: Bool
    /// The last `configPictureInPicture`, nil until one is made (its own `enable` stays inside it).
    public var pictureInPicture: PictureInPictureConfig?
    /// `enablePictureInPicture`; off by default.
    public var pictureInPictureEnabled: Bool

    public init(
        forceUseV2API: Bool = false, framework: ExperimentalFramework? = nil, excludeFromHistoryMessage: Bool = false,
        pictureInPicture: PictureInPictureConfig? = nil, pictureInPictureEnabled: Bool = false
    ) {
        self.forceUseV2API = forceUseV2API
        self.framework = framework
        self.excludeFromHistoryMessage = excludeFromHistoryMessage
        self.pictureInPicture = pictureInPicture
        self.pictureInPictureEnabled = pictureInPictureEnabled
    }

    /// Applies a parsed call: changes the one setting it names and nothing else. A request that failed
    /// to parse never gets here, so applying is all-or-nothing.
    public mutating func apply(_ call: ExperimentalAPICall) {
        switch call {
        case .forceUseV2API(let enable): forceUseV2API = enable
        case .setFramework(let value): framework = value
        case .setExcludeFromHistoryMessage(let exclude): excludeFromHistoryMessage = exclude
        case .configPictureInPicture(let config): pictureInPicture = config
        case .enablePictureInPicture(let enable): pictureInPictureEnabled = enable
        }
    }

    /// Parses `jsonObject` (``ExperimentalAPICall/parse(_:)``) and applies it; when it is refused, the
    /// settings are left exactly as they were.
    @discardableResult
    public mutating func apply(jsonObject: String) throws(ExperimentalAPIError) -> ExperimentalAPICall {
        let call = try ExperimentalAPICall.parse(jsonObject)
        apply(call)
        return call
    }
}
