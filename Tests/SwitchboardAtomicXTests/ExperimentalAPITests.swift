import Foundation
import Testing
import TestSupport
@testable import SwitchboardAtomicX

// TUICallEngine.callExperimentalAPI(jsonObject:) input (docs/TENCENT.md, "The experimental API"): one
// corpus of documents with their expected outcomes, checked against the Swift parser, against
// ExperimentalSettings, and against Schemas/experimental/ through Python's jsonschema (the parser must
// give the schemas' verdict on every document).

/// What a corpus document must give.
enum ExperimentalOutcome: Sendable {
    case accept(ExperimentalAPICall)
    /// Refused with this code, the error's path being `path`.
    case refuse(ExperimentalAPIError.Code, path: String)
}

struct ExperimentalSample: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let expected: ExperimentalOutcome

    var testDescription: String { name }

    var isAccepted: Bool {
        if case .accept = expected { return true }
        return false
    }
}

// MARK: - Corpus

private func request(_ api: String, _ params: String) -> String {
    #"{"api":""# + api + #"","params":"# + params + "}"
}

private func pip(_ params: String) -> String {
    request("configPictureInPicture", params)
}

/// A configPictureInPicture request whose regions are `regions` (JSON objects, comma-joined).
private func pipRegions(_ regions: [String]) -> String {
    pip(#"{"enable":true,"regions":["# + regions.joined(separator: ",") + "]}")
}

/// A region with the required members; `extra` is appended inside the object (start it with a comma);
/// `userId` and the numbers are JSON text.
private func region(
    userId: String = #""u1""#, width: String = "0.5", height: String = "0.5", x: String = "0", y: String = "0", extra: String = ""
) -> String {
    #"{"userId":"# + userId + #","width":"# + width + #","height":"# + height + #","x":"# + x + #","y":"# + y + extra + "}"
}

private func minimalRegion(_ userId: String = "u1") -> PictureInPictureConfig.Region {
    PictureInPictureConfig.Region(userId: userId, width: 0.5, height: 0.5, x: 0, y: 0)
}

/// A valid forceUseV2API request padded with spaces to exactly `size` bytes.
private func padded(to size: Int) -> String {
    let body = request("forceUseV2API", #"{"enable":true}"#)
    return body + String(repeating: " ", count: size - body.utf8.count)
}

private func sample(_ name: String, _ json: String, _ expected: ExperimentalOutcome) -> ExperimentalSample {
    ExperimentalSample(name: name, json: json, expected: expected)
}

private let fullPictureInPicture = pip(#"""
    {
      "enable": true,
      "cameraBackgroundCapture": true,
      "canvas": {"width": 720, "height": 1280, "backgroundColor": "#111111"},
      "regions": [
        {"userId": "alice", "width": 1, "height": 1, "x": 0, "y": 0, "fillMode": 0, "streamType": "high",
         "backgroundColor": "#000000", "backgroundImage": "file:///var/avatars/alice.png"},
        {"userId": "bob", "width": 0.3, "height": 0.25, "x": 0.65, "y": 0.05, "fillMode": 1, "streamType": "low",
         "backgroundColor": "#aBcDeF", "backgroundImage": "file:///var/avatars/bob.png"}
      ]
    }
    """#)

private let fullPictureInPictureConfig = PictureInPictureConfig(
    enable: true, cameraBackgroundCapture: true,
    canvas: .init(width: 720, height: 1280, backgroundColor: "#111111"),
    regions: [
        .init(userId: "alice", width: 1, height: 1, x: 0, y: 0, fillMode: .fill, streamType: .high,
              backgroundColor: "#000000", backgroundImage: "file:///var/avatars/alice.png"),
        .init(userId: "bob", width: 0.3, height: 0.25, x: 0.65, y: 0.05, fillMode: .fit, streamType: .low,
              backgroundColor: "#aBcDeF", backgroundImage: "file:///var/avatars/bob.png"),
    ])

let experimentalCorpus: [ExperimentalSample] = [
    // forceUseV2API
    sample("forceUseV2API on", request("forceUseV2API", #"{"enable":true}"#), .accept(.forceUseV2API(enable: true))),
    sample("forceUseV2API off, params first, whitespace", "\n {\"params\" : { \"enable\" : false } ,\t\"api\" : \"forceUseV2API\" }\n",
           .accept(.forceUseV2API(enable: false))),
    sample("forceUseV2API enable as a string", request("forceUseV2API", #"{"enable":"true"}"#), .refuse(.invalidParams, path: "params.enable")),
    sample("forceUseV2API enable as 1", request("forceUseV2API", #"{"enable":1}"#), .refuse(.invalidParams, path: "params.enable")),
    sample("forceUseV2API enable null", request("forceUseV2API", #"{"enable":null}"#), .refuse(.invalidParams, path: "params.enable")),
    sample("forceUseV2API enable missing", request("forceUseV2API", "{}"), .refuse(.invalidParams, path: "params.enable")),
    sample("forceUseV2API unknown member", request("forceUseV2API", #"{"enable":true,"force":true}"#), .refuse(.invalidParams, path: "params.force")),
    sample("forceUseV2API unknown member with an odd name", request("forceUseV2API", #"{"enable":true,"a \"b\"":1}"#),
           .refuse(.invalidParams, path: #"params["a \"b\""]"#)),
    sample("params missing", #"{"api":"forceUseV2API"}"#, .refuse(.invalidParams, path: "params")),
    sample("params an array", request("forceUseV2API", #"[{"enable":true}]"#), .refuse(.invalidParams, path: "params")),
    sample("params null", request("forceUseV2API", "null"), .refuse(.invalidParams, path: "params")),
    sample("params a string", request("enablePictureInPicture", #""{\"enable\":true}""#), .refuse(.invalidParams, path: "params")),

    // setFramework
    sample("setFramework iOS native", request("setFramework", #"{"framework":1,"component":14,"language":3}"#), .accept(.setFramework(.iOSNative))),
    sample("setFramework iOS with TUIChat", request("setFramework", #"{"language":3,"component":15,"framework":1}"#), .accept(.setFramework(.iOSNativeWithChat))),
    sample("setFramework Flutter", request("setFramework", #"{"framework":7,"component":14,"language":0}"#),
           .accept(.setFramework(.init(framework: 7, component: 14, language: 0)))),
    sample("setFramework integral reals are integers", request("setFramework", #"{"framework":1.0,"component":1.4e1,"language":3}"#),
           .accept(.setFramework(.iOSNative))),
    sample("setFramework at the 32-bit maximum", request("setFramework", #"{"framework":2147483647,"component":0,"language":0}"#),
           .accept(.setFramework(.init(framework: 2_147_483_647, component: 0, language: 0)))),
    sample("setFramework 1.5", request("setFramework", #"{"framework":1.5,"component":14,"language":3}"#), .refuse(.invalidParams, path: "params.framework")),
    sample("setFramework \"14\"", request("setFramework", #"{"framework":1,"component":"14","language":3}"#), .refuse(.invalidParams, path: "params.component")),
    sample("setFramework negative", request("setFramework", #"{"framework":1,"component":14,"language":-1}"#), .refuse(.invalidParams, path: "params.language")),
    sample("setFramework beyond 32 bits", request("setFramework", #"{"framework":2147483648,"component":14,"language":3}"#), .refuse(.invalidParams, path: "params.framework")),
    sample("setFramework 1e20", request("setFramework", #"{"framework":1e20,"component":14,"language":3}"#), .refuse(.invalidParams, path: "params.framework")),
    sample("setFramework a boolean", request("setFramework", #"{"framework":true,"component":14,"language":3}"#), .refuse(.invalidParams, path: "params.framework")),
    sample("setFramework language missing", request("setFramework", #"{"framework":1,"component":14}"#), .refuse(.invalidParams, path: "params.language")),
    sample("setFramework unknown member", request("setFramework", #"{"framework":1,"component":14,"language":3,"version":"4.2"}"#),
           .refuse(.invalidParams, path: "params.version")),
    sample("setFramework integer beyond Int64", request("setFramework", #"{"framework":99999999999999999999,"component":14,"language":3}"#),
           .refuse(.invalidJSON, path: "jsonObject")),
    sample("setFramework real beyond Double", request("setFramework", #"{"framework":1e400,"component":14,"language":3}"#),
           .refuse(.invalidJSON, path: "jsonObject")),

    // setExcludeFromHistoryMessage
    sample("setExcludeFromHistoryMessage false (the kit's call)", request("setExcludeFromHistoryMessage", #"{"excludeFromHistoryMessage":false}"#),
           .accept(.setExcludeFromHistoryMessage(excludeFromHistoryMessage: false))),
    sample("setExcludeFromHistoryMessage true", request("setExcludeFromHistoryMessage", #"{"excludeFromHistoryMessage":true}"#),
           .accept(.setExcludeFromHistoryMessage(excludeFromHistoryMessage: true))),
    sample("setExcludeFromHistoryMessage wrong member name", request("setExcludeFromHistoryMessage", #"{"exclude":true}"#),
           .refuse(.invalidParams, path: "params.exclude")),
    sample("setExcludeFromHistoryMessage 0", request("setExcludeFromHistoryMessage", #"{"excludeFromHistoryMessage":0}"#),
           .refuse(.invalidParams, path: "params.excludeFromHistoryMessage")),
    sample("setExcludeFromHistoryMessage missing", request("setExcludeFromHistoryMessage", "{}"),
           .refuse(.invalidParams, path: "params.excludeFromHistoryMessage")),

    // configPictureInPicture
    sample("configPictureInPicture minimal", pip(#"{"enable":false}"#), .accept(.configPictureInPicture(.init(enable: false)))),
    sample("configPictureInPicture full", fullPictureInPicture, .accept(.configPictureInPicture(fullPictureInPictureConfig))),
    sample("configPictureInPicture nine regions", pipRegions((1...9).map { region(userId: "\"u\($0)\"") }),
           .accept(.configPictureInPicture(.init(enable: true, regions: (1...9).map { minimalRegion("u\($0)") })))),
    sample("configPictureInPicture ten regions", pipRegions((1...10).map { region(userId: "\"u\($0)\"") }), .refuse(.invalidParams, path: "params.regions")),
    sample("configPictureInPicture no regions", pip(#"{"enable":true,"regions":[]}"#), .accept(.configPictureInPicture(.init(enable: true, regions: [])))),
    sample("configPictureInPicture regions an object", pip(#"{"enable":true,"regions":{"0":{}}}"#), .refuse(.invalidParams, path: "params.regions")),
    sample("configPictureInPicture a region not an object", pipRegions([region(), #""u2""#]), .refuse(.invalidParams, path: "params.regions[1]")),
    sample("configPictureInPicture canvas without color", pip(#"{"enable":true,"canvas":{"width":1,"height":4096}}"#),
           .accept(.configPictureInPicture(.init(enable: true, canvas: .init(width: 1, height: 4096))))),
    sample("configPictureInPicture canvas width 720.0", pip(#"{"enable":true,"canvas":{"width":720.0,"height":1280}}"#),
           .accept(.configPictureInPicture(.init(enable: true, canvas: .init(width: 720, height: 1280))))),
    sample("configPictureInPicture canvas width 0", pip(#"{"enable":true,"canvas":{"width":0,"height":1280}}"#), .refuse(.invalidParams, path: "params.canvas.width")),
    sample("configPictureInPicture canvas height 4097", pip(#"{"enable":true,"canvas":{"width":720,"height":4097}}"#), .refuse(.invalidParams, path: "params.canvas.height")),
    sample("configPictureInPicture canvas width 720.5", pip(#"{"enable":true,"canvas":{"width":720.5,"height":1280}}"#), .refuse(.invalidParams, path: "params.canvas.width")),
    sample("configPictureInPicture canvas height missing", pip(#"{"enable":true,"canvas":{"width":720}}"#), .refuse(.invalidParams, path: "params.canvas.height")),
    sample("configPictureInPicture canvas unknown member", pip(#"{"enable":true,"canvas":{"width":720,"height":1280,"depth":24}}"#),
           .refuse(.invalidParams, path: "params.canvas.depth")),
    sample("configPictureInPicture canvas an array", pip(#"{"enable":true,"canvas":[720,1280]}"#), .refuse(.invalidParams, path: "params.canvas")),
    sample("configPictureInPicture color with 5 digits", pip(##"{"enable":true,"canvas":{"width":720,"height":1280,"backgroundColor":"#11111"}}"##),
           .refuse(.invalidParams, path: "params.canvas.backgroundColor")),
    sample("configPictureInPicture color without #", pip(#"{"enable":true,"canvas":{"width":720,"height":1280,"backgroundColor":"111111"}}"#),
           .refuse(.invalidParams, path: "params.canvas.backgroundColor")),
    sample("configPictureInPicture color not hex", pip(##"{"enable":true,"canvas":{"width":720,"height":1280,"backgroundColor":"#GGGGGG"}}"##),
           .refuse(.invalidParams, path: "params.canvas.backgroundColor")),
    sample("configPictureInPicture color with a final newline", pip(##"{"enable":true,"canvas":{"width":720,"height":1280,"backgroundColor":"#111111\n"}}"##),
           .refuse(.invalidParams, path: "params.canvas.backgroundColor")),
    sample("configPictureInPicture color with fullwidth digits", pip(##"{"enable":true,"canvas":{"width":720,"height":1280,"backgroundColor":"#１１１１１１"}}"##),
           .refuse(.invalidParams, path: "params.canvas.backgroundColor")),
    sample("configPictureInPicture region x 1.5", pipRegions([region(), region(), region(x: "1.5")]), .refuse(.invalidParams, path: "params.regions[2].x")),
    sample("configPictureInPicture region y -0.1", pipRegions([region(y: "-0.1")]), .refuse(.invalidParams, path: "params.regions[0].y")),
    sample("configPictureInPicture region width a string", pipRegions([region(width: #""0.5""#)]), .refuse(.invalidParams, path: "params.regions[0].width")),
    sample("configPictureInPicture region height true", pipRegions([region(height: "true")]), .refuse(.invalidParams, path: "params.regions[0].height")),
    sample("configPictureInPicture region integer fractions", pipRegions([region(width: "1", height: "1", x: "0", y: "0")]),
           .accept(.configPictureInPicture(.init(enable: true, regions: [.init(userId: "u1", width: 1, height: 1, x: 0, y: 0)])))),
    sample("configPictureInPicture region userId missing", pipRegions([#"{"width":0.5,"height":0.5,"x":0,"y":0}"#]),
           .refuse(.invalidParams, path: "params.regions[0].userId")),
    sample("configPictureInPicture region userId empty", pipRegions([region(userId: #""""#)]), .refuse(.invalidParams, path: "params.regions[0].userId")),
    sample("configPictureInPicture region userId 65 characters", pipRegions([region(userId: "\"" + String(repeating: "a", count: 65) + "\"")]),
           .refuse(.invalidParams, path: "params.regions[0].userId")),
    sample("configPictureInPicture region userId 64 characters, 128 bytes", pipRegions([region(userId: "\"" + String(repeating: "é", count: 64) + "\"")]),
           .accept(.configPictureInPicture(.init(enable: true, regions: [minimalRegion(String(repeating: "é", count: 64))])))),
    sample("configPictureInPicture region userId a number", pipRegions([region(userId: "42")]), .refuse(.invalidParams, path: "params.regions[0].userId")),
    sample("configPictureInPicture region fillMode 2", pipRegions([region(extra: #","fillMode":2"#)]), .refuse(.invalidParams, path: "params.regions[0].fillMode")),
    sample("configPictureInPicture region fillMode 1.0", pipRegions([region(extra: #","fillMode":1.0"#)]),
           .accept(.configPictureInPicture(.init(enable: true, regions: [.init(userId: "u1", width: 0.5, height: 0.5, x: 0, y: 0, fillMode: .fit)])))),
    sample("configPictureInPicture region fillMode true", pipRegions([region(extra: #","fillMode":true"#)]), .refuse(.invalidParams, path: "params.regions[0].fillMode")),
    sample("configPictureInPicture region streamType medium", pipRegions([region(extra: #","streamType":"medium""#)]),
           .refuse(.invalidParams, path: "params.regions[0].streamType")),
    sample("configPictureInPicture region streamType HIGH", pipRegions([region(extra: #","streamType":"HIGH""#)]),
           .refuse(.invalidParams, path: "params.regions[0].streamType")),
    sample("configPictureInPicture region unknown member", pipRegions([region(extra: #","zOrder":1"#)]), .refuse(.invalidParams, path: "params.regions[0].zOrder")),
    sample("configPictureInPicture region backgroundImage a number", pipRegions([region(extra: #","backgroundImage":5"#)]),
           .refuse(.invalidParams, path: "params.regions[0].backgroundImage")),
    sample("configPictureInPicture region backgroundColor null", pipRegions([region(extra: #","backgroundColor":null"#)]),
           .refuse(.invalidParams, path: "params.regions[0].backgroundColor")),
    sample("configPictureInPicture enable missing", pip(#"{"canvas":{"width":720,"height":1280}}"#), .refuse(.invalidParams, path: "params.enable")),
    sample("configPictureInPicture cameraBackgroundCapture \"yes\"", pip(#"{"enable":true,"cameraBackgroundCapture":"yes"}"#),
           .refuse(.invalidParams, path: "params.cameraBackgroundCapture")),

    // enablePictureInPicture
    sample("enablePictureInPicture on", request("enablePictureInPicture", #"{"enable":true}"#), .accept(.enablePictureInPicture(enable: true))),
    sample("enablePictureInPicture off", request("enablePictureInPicture", #"{"enable":false}"#), .accept(.enablePictureInPicture(enable: false))),
    sample("enablePictureInPicture \"false\"", request("enablePictureInPicture", #"{"enable":"false"}"#), .refuse(.invalidParams, path: "params.enable")),
    sample("enablePictureInPicture unknown member", request("enablePictureInPicture", #"{"enable":true,"canvas":{}}"#), .refuse(.invalidParams, path: "params.canvas")),

    // The envelope
    sample("unknown api", request("startRecord", "{}"), .refuse(.unknownAPI, path: "api")),
    sample("api in another case", request("ForceUseV2API", #"{"enable":true}"#), .refuse(.unknownAPI, path: "api")),
    sample("a TRTCCloud api", request("setPrivateConfig", #"{"key":"Liteav.Audio.ios.enable.ios.avroute.picker.view.compatible.mode","value":"1"}"#),
           .refuse(.unknownAPI, path: "api")),
    sample("unknown api with params not an object", #"{"api":"nope","params":5}"#, .refuse(.unknownAPI, path: "api")),
    sample("api a number", #"{"api":1,"params":{"enable":true}}"#, .refuse(.invalidJSON, path: "api")),
    sample("api null", #"{"api":null,"params":{"enable":true}}"#, .refuse(.invalidJSON, path: "api")),
    sample("api missing", #"{"params":{"enable":true}}"#, .refuse(.invalidJSON, path: "api")),
    sample("a member besides api and params", #"{"api":"forceUseV2API","params":{"enable":true},"version":1}"#, .refuse(.invalidJSON, path: "version")),
    sample("not JSON: a missing brace", #"{"api":"forceUseV2API","params":{"enable":true}"#, .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: a bare word", "forceUseV2API", .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: empty", "", .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: trailing data", request("forceUseV2API", #"{"enable":true}"#) + " x", .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: a byte order mark", "\u{FEFF}" + request("forceUseV2API", #"{"enable":true}"#), .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: single quotes", "{'api':'forceUseV2API','params':{'enable':true}}", .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: NaN", pipRegions([region(x: "NaN")]), .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: a lone surrogate", pipRegions([region(userId: #""\ud800""#)]), .refuse(.invalidJSON, path: "jsonObject")),
    sample("not JSON: a duplicate key", request("forceUseV2API", #"{"enable":false,"enable":true}"#), .refuse(.invalidJSON, path: "jsonObject")),
    sample("not an object: an array", "[" + request("forceUseV2API", #"{"enable":true}"#) + "]", .refuse(.invalidJSON, path: "jsonObject")),
    sample("not an object: a string", #""forceUseV2API""#, .refuse(.invalidJSON, path: "jsonObject")),
    sample("not an object: null", "null", .refuse(.invalidJSON, path: "jsonObject")),
    sample("nesting at the depth limit", request("forceUseV2API", #"{"enable":[[[[[true]]]]]}"#), .refuse(.invalidParams, path: "params.enable")),
    sample("nesting beyond the depth limit", request("forceUseV2API", #"{"enable":[[[[[[true]]]]]]}"#), .refuse(.invalidJSON, path: "jsonObject")),
    sample("deep nesting", request("forceUseV2API", #"{"enable":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}"),
           .refuse(.invalidJSON, path: "jsonObject")),
    sample("exactly the size limit", padded(to: ExperimentalAPICall.maxBytes), .accept(.forceUseV2API(enable: true))),
    sample("one byte over the size limit", padded(to: ExperimentalAPICall.maxBytes + 1), .refuse(.invalidJSON, path: "jsonObject")),
    sample("oversized backgroundImage", pipRegions([region(extra: #","backgroundImage":""# + String(repeating: "x", count: 17_000) + "\"")]),
           .refuse(.invalidJSON, path: "jsonObject")),
]

// MARK: - Helpers

/// The value of the one setting `api` changes.
private func setting(_ settings: ExperimentalSettings, of api: ExperimentalAPICall.API) -> AnySendableEquatable {
    switch api {
    case .forceUseV2API: AnySendableEquatable(settings.forceUseV2API)
    case .setFramework: AnySendableEquatable(settings.framework)
    case .setExcludeFromHistoryMessage: AnySendableEquatable(settings.excludeFromHistoryMessage)
    case .configPictureInPicture: AnySendableEquatable(settings.pictureInPicture)
    case .enablePictureInPicture: AnySendableEquatable(settings.pictureInPictureEnabled)
    }
}

/// The value a call sets.
private func value(of call: ExperimentalAPICall) -> AnySendableEquatable {
    switch call {
    case .forceUseV2API(let enable): AnySendableEquatable(enable)
    case .setFramework(let framework): AnySendableEquatable(Optional(framework))
    case .setExcludeFromHistoryMessage(let exclude): AnySendableEquatable(exclude)
    case .configPictureInPicture(let config): AnySendableEquatable(Optional(config))
    case .enablePictureInPicture(let enable): AnySendableEquatable(enable)
    }
}

private struct AnySendableEquatable: Equatable, CustomStringConvertible {
    let value: any Equatable & Sendable
    let isEqual: @Sendable (any Equatable & Sendable) -> Bool

    init<T: Equatable & Sendable>(_ value: T) {
        self.value = value
        isEqual = { ($0 as? T) == value }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs.value) }
    var description: String { "\(value)" }
}

/// Settings where every member differs from the default and from what the corpus sets.
private let busySettings = ExperimentalSettings(
    forceUseV2API: true, framework: .init(framework: 99, component: 99, language: 99), excludeFromHistoryMessage: true,
    pictureInPicture: .init(enable: true, canvas: .init(width: 100, height: 100)), pictureInPictureEnabled: true)

// MARK: - Tests

@Suite("TUICallEngine.callExperimentalAPI(jsonObject:) input")
struct ExperimentalAPITests {
    @Test("the corpus is large and covers every API, accepted and refused")
    func corpusCoverage() {
        #expect(experimentalCorpus.count >= 40)
        #expect(Set(experimentalCorpus.map(\.name)).count == experimentalCorpus.count, "sample names are unique")
        for api in ExperimentalAPICall.API.allCases {
            #expect(experimentalCorpus.contains { $0.json.contains(#""api":"\#(api.rawValue)""#) && $0.isAccepted }, "\(api) accepted")
            #expect(experimentalCorpus.contains { $0.json.contains(#""api":"\#(api.rawValue)""#) && !$0.isAccepted }, "\(api) refused")
        }
        for code in ExperimentalAPIError.Code.allCases {
            #expect(experimentalCorpus.contains { if case .refuse(code, _) = $0.expected { true } else { false } }, "\(code)")
        }
    }

    @Test("the parser accepts or refuses each document as expected", arguments: experimentalCorpus)
    func parse(_ sample: ExperimentalSample) {
        let result = Result { () throws(ExperimentalAPIError) in try ExperimentalAPICall.parse(sample.json) }
        switch (sample.expected, result) {
        case (.accept(let expected), .success(let call)):
            #expect(call == expected)
            #expect(call.api == expected.api)
        case (.refuse(let code, let path), .failure(let error)):
            #expect(error.code == code, "\(error)")
            #expect(error.path == path, "\(error)")
            #expect(error.message.hasPrefix(path + ": "), "\(error)")
            #expect(error.description == "\(code.rawValue): \(error.message)")
        case (.accept, .failure(let error)):
            Issue.record("refused: \(error)")
        case (.refuse, .success(let call)):
            Issue.record("accepted: \(call)")
        }
    }

    @Test("messages name the path and say what is wrong")
    func messages() throws {
        func message(_ json: String) -> String {
            do {
                _ = try ExperimentalAPICall.parse(json)
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(message(pipRegions([region(), region(), region(x: "1.5")])) == "params.regions[2].x: must be a number from 0 to 1, got 1.5")
        #expect(message(request("setFramework", #"{"framework":1,"component":"14","language":3}"#))
            == #"params.component: must be an integer from 0 to 2147483647, got "14""#)
        #expect(message(request("forceUseV2API", "{}")) == "params.enable: required member is missing")
        #expect(message(request("forceUseV2API", #"{"enable":true,"force":true}"#)) == "params.force: unknown member; allowed: enable")
        #expect(message(pipRegions((1...10).map { region(userId: "\"u\($0)\"") })) == "params.regions: must be an array of at most 9 regions, got 10 regions")
        #expect(message(request("nope", "{}")).hasPrefix(#"api: "nope" is not a known API (forceUseV2API, setFramework,"#))
        #expect(message("[]") == #"jsonObject: must be an object {"api": string, "params": object}, got an array"#)
        #expect(message("{").hasPrefix("jsonObject: not valid JSON: prematureEnd"))
        #expect(message(padded(to: ExperimentalAPICall.maxBytes + 1)).hasPrefix("jsonObject: not valid JSON: tooLarge"))
    }

    @Test("apply changes exactly the setting the call names", arguments: experimentalCorpus.filter(\.isAccepted))
    func apply(_ sample: ExperimentalSample) throws {
        for baseline in [ExperimentalSettings(), busySettings] {
            var settings = baseline
            let call = try settings.apply(jsonObject: sample.json)
            #expect(setting(settings, of: call.api) == value(of: call))
            for other in ExperimentalAPICall.API.allCases where other != call.api {
                #expect(setting(settings, of: other) == setting(baseline, of: other), "\(other) changed")
            }
            var direct = baseline
            direct.apply(call)
            #expect(direct == settings)
        }
    }

    @Test("a refused document changes nothing", arguments: experimentalCorpus.filter { !$0.isAccepted })
    func refusedChangesNothing(_ sample: ExperimentalSample) {
        for baseline in [ExperimentalSettings(), busySettings] {
            var settings = baseline
            #expect(throws: ExperimentalAPIError.self) { try settings.apply(jsonObject: sample.json) }
            #expect(settings == baseline)
        }
    }

    @Test("settings start off and empty; each API's settings are independent")
    func defaults() throws {
        var settings = ExperimentalSettings()
        #expect(settings == ExperimentalSettings(
            forceUseV2API: false, framework: nil, excludeFromHistoryMessage: false, pictureInPicture: nil, pictureInPictureEnabled: false))
        try settings.apply(jsonObject: request("enablePictureInPicture", #"{"enable":true}"#))
        try settings.apply(jsonObject: pip(#"{"enable":false}"#))
        #expect(settings.pictureInPictureEnabled)
        #expect(settings.pictureInPicture == PictureInPictureConfig(enable: false))
        try settings.apply(jsonObject: fullPictureInPicture)
        try settings.apply(jsonObject: pip(#"{"enable":true}"#))
        #expect(settings.pictureInPicture == PictureInPictureConfig(enable: true), "a config replaces the previous one whole")
    }

    @Test("Schemas/experimental/ has the envelope and one params schema per API, and nothing else")
    func schemaFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: experimentalSchemas.path)
        #expect(Set(files) == Set(["request.schema.json"] + ExperimentalAPICall.API.allCases.map { "\($0.rawValue).params.schema.json" }))
    }

    @Test(
        "the parser's verdict is the schemas' verdict on every document (Python jsonschema)",
        .enabled("needs python3 with the jsonschema module") { await pythonWithJSONSchema() != nil })
    func agreesWithSchemas() async throws {
        let python = try #require(await pythonWithJSONSchema())
        let corpusFile = FileManager.default.temporaryDirectory.appendingPathComponent("experimental-corpus-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: corpusFile) }
        let lines = experimentalCorpus.map { Data($0.json.utf8).base64EncodedString() }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: corpusFile)

        let output = try await run(python, ["-c", schemaVerdictScript, schemaRoot.path, corpusFile.path,
                                      "\(ExperimentalAPICall.maxBytes)", "\(ExperimentalAPICall.maxDepth)"])
        let verdicts = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(verdicts.count == experimentalCorpus.count, "python printed \(verdicts.count) verdicts for \(experimentalCorpus.count) documents")
        var accepted = 0
        for (sample, verdict) in zip(experimentalCorpus, verdicts) {
            let schemasAccept = verdict == "accept"
            let parserAccepts = (try? ExperimentalAPICall.parse(sample.json)) != nil
            #expect(parserAccepts == schemasAccept, "\(sample.name): parser \(parserAccepts ? "accepts" : "refuses"), schemas say \(verdict)")
            accepted += schemasAccept ? 1 : 0
        }
        #expect(accepted == experimentalCorpus.filter(\.isAccepted).count)
    }
}

// MARK: - Python

private let schemaRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Schemas")
private let experimentalSchemas = schemaRoot.appendingPathComponent("experimental")

/// The python3 on PATH when it can `import jsonschema`; nil otherwise (the agreement test is then skipped).
private func pythonWithJSONSchema() async -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    guard let python = path.split(separator: ":").map({ "\($0)/python3" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    return (try? await runToExit([python, "-c", "import jsonschema"]))?.status == 0 ? python : nil
}

private func run(_ executable: String, _ arguments: [String]) async throws -> String {
    let outcome = try await runToExit([executable] + arguments)
    #expect(outcome.status == 0, "python exited with \(outcome.status)")
    return outcome.output
}

/// argv: the Schemas directory, the corpus (one base64 document a line), the size and depth limits.
/// Prints one verdict a line: `accept`, or `refuse: <why>`.
///
/// Every schema under Schemas/ is loaded from disk into the registry, as scripts/validate-frames does
/// (jsonschema >= 4.18 `referencing`, or RefResolver on older 4.x), so nothing goes to the network. The
/// document is read with the JSON rules of the jansson layer where Python's json is laxer (duplicate
/// keys, NaN/Infinity, integers outside Int64, reals beyond Double, lone surrogates, NUL in keys) and
/// the same size and depth limits; then it is checked against experimental/request.schema.json and
/// experimental/<api>.params.schema.json, an api without a params schema being unknown.
private let schemaVerdictScript = #"""
    import base64, json, sys
    from pathlib import Path
    import jsonschema
    from jsonschema import Draft202012Validator
    try:
        import referencing, referencing.jsonschema
    except ImportError:
        referencing = None

    root, corpus, max_bytes, max_depth = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    BASE = "https://switchboard.invalid/schemas/"
    documents = {BASE + p.relative_to(root).as_posix(): json.loads(p.read_text(encoding="utf-8"))
                 for p in sorted(root.rglob("*.schema.json"))}
    if referencing is not None:
        registry = referencing.Registry().with_resources(
            (uri, referencing.Resource.from_contents(s, default_specification=referencing.jsonschema.DRAFT202012))
            for uri, s in documents.items())
        def validator(uri):
            return Draft202012Validator(documents[uri], registry=registry)
    else:
        def validator(uri):
            resolver = jsonschema.RefResolver(base_uri=uri, referrer=documents[uri], store=dict(documents))
            return Draft202012Validator(documents[uri], resolver=resolver)

    class NotJSON(ValueError):
        pass

    def unique_keys(pairs):
        if len({k for k, _ in pairs}) != len(pairs):
            raise NotJSON("duplicate key")
        return dict(pairs)

    def int64(text):
        value = int(text)
        if not -2**63 <= value < 2**63:
            raise NotJSON("integer outside Int64")
        return value

    def finite(text):
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise NotJSON("real beyond Double")
        return value

    def constant(name):
        raise NotJSON(name)

    def depth(value):
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        return 1 if children is None else 1 + max(map(depth, children), default=0)

    def check_strings(value):
        if isinstance(value, str):
            value.encode("utf-8")  # a lone surrogate raises
        elif isinstance(value, list):
            for item in value:
                check_strings(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\0" in key:
                    raise NotJSON("NUL in a key")
                key.encode("utf-8")
                check_strings(item)

    def verdict(raw):
        if len(raw) > max_bytes:
            return "refuse: larger than %d bytes" % max_bytes
        try:
            doc = json.loads(raw.decode("utf-8"), object_pairs_hook=unique_keys, parse_int=int64,
                             parse_float=finite, parse_constant=constant)
            if depth(doc) > max_depth:
                return "refuse: deeper than %d" % max_depth
            check_strings(doc)
        except (ValueError, RecursionError) as error:
            return "refuse: not JSON: %s" % error
        errors = list(validator(BASE + "experimental/request.schema.json").iter_errors(doc))
        if errors:
            return "refuse: envelope: %s" % errors[0].message
        uri = BASE + "experimental/%s.params.schema.json" % doc["api"]
        if uri not in documents:
            return "refuse: unknown api"
        errors = sorted(validator(uri).iter_errors(doc["params"]), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            where = "/".join(map(str, errors[0].absolute_path))
            return "refuse: params/%s: %s" % (where, errors[0].message[:200])
        return "accept"

    with open(corpus, encoding="ascii") as f:
        for line in f:
            print(verdict(base64.b64decode(line.strip())).replace("\n", " "))
    """#
