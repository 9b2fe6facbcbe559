// The fuzz target of Tencent's experimental API (docs/SECURITY.md, "Fuzzing"): every input is the
// `jsonObject` string an app passes to `TUICallEngine.callExperimentalAPI(jsonObject:)`, which the
// engine hands to `ExperimentalAPICall.parse` and `ExperimentalSettings.apply(jsonObject:)`. Besides
// AddressSanitizer's checks: a refused request changes nothing and its error names its path; an
// accepted one is an object `{"api", "params"}` within the limits, every value in the range
// Schemas/experimental/ gives it, and it changes only the setting it names. A broken promise stops the
// run with `preconditionFailure`, which libFuzzer reports as a crash and saves.

import SwitchboardAtomicX
import SwitchboardJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The API takes a Swift string: bytes that are not UTF-8 reach it repaired (U+FFFD), as they would
    // from an app.
    fuzzExperimentalAPI(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}

func fuzzExperimentalAPI(_ jsonObject: String) {
    let parsed = Result { () throws(ExperimentalAPIError) in try ExperimentalAPICall.parse(jsonObject) }
    precondition(parsed == Result { () throws(ExperimentalAPIError) in try ExperimentalAPICall.parse(jsonObject) }, "not deterministic")

    // Settings where every member differs from what any request sets, so a change anywhere shows.
    let baseline = ExperimentalSettings(
        forceUseV2API: true, framework: ExperimentalFramework(framework: -1, component: -1, language: -1),
        excludeFromHistoryMessage: true, pictureInPicture: PictureInPictureConfig(enable: true, regions: Array()),
        pictureInPictureEnabled: true)
    var settings = baseline
    let applied = Result { () throws(ExperimentalAPIError) in try settings.apply(jsonObject: jsonObject) }
    precondition(applied == parsed, "apply(jsonObject:) \(applied), parse \(parsed)")

    switch parsed {
    case .failure(let error):
        precondition(settings == baseline, "a refused request changed the settings: \(error)")
        precondition(!error.path.isEmpty && error.message.hasPrefix(error.path + ": "), "message without its path: \(error)")
        precondition(error.description == "\(error.code.rawValue): \(error.message)", "description")
    case .success(let call):
        checkAccepted(call, jsonObject)
        var direct = baseline
        direct.apply(call)
        precondition(direct == settings, "apply(call) and apply(jsonObject:) differ")
        precondition(changedSettings(baseline, settings).allSatisfy { $0 == call.api }, "\(call) changed another setting")
    }
}

/// What the schemas require of an accepted request.
func checkAccepted(_ call: ExperimentalAPICall, _ jsonObject: String) {
    precondition(jsonObject.utf8.count <= ExperimentalAPICall.maxBytes, "accepted beyond maxBytes")
    guard let root = try? JSONParser(limits: .maximum).parse(jsonObject), let object = root.objectValue else {
        preconditionFailure("accepted what is not a JSON object")
    }
    precondition(object.keys.allSatisfy { $0 == "api" || $0 == "params" } && object["params"]?.objectValue != nil, "envelope")
    precondition(object["api"]?.stringValue.map { $0.utf8.elementsEqual(call.api.rawValue.utf8) } == true, "api")
    precondition(depth(root) <= ExperimentalAPICall.maxDepth, "accepted beyond maxDepth")

    switch call {
    case .forceUseV2API, .setExcludeFromHistoryMessage, .enablePictureInPicture:
        break
    case .setFramework(let framework):
        let codes = 0...Int(Int32.max)
        precondition([framework.framework, framework.component, framework.language].allSatisfy(codes.contains), "\(framework)")
    case .configPictureInPicture(let config):
        if let canvas = config.canvas {
            precondition((1...4096).contains(canvas.width) && (1...4096).contains(canvas.height), "\(canvas)")
            precondition(canvas.backgroundColor.map(isColor) ?? true, "\(canvas)")
        }
        if let regions = config.regions {
            precondition(regions.count <= PictureInPictureConfig.maxRegions, "\(regions.count) regions")
            for region in regions {
                precondition((1...64).contains(region.userId.unicodeScalars.count), "userId \(region.userId.debugDescription)")
                let fractions = [region.width, region.height, region.x, region.y]
                precondition(fractions.allSatisfy { (0...1).contains($0) }, "\(region)")
                precondition(region.backgroundColor.map(isColor) ?? true, "\(region)")
            }
        }
    }
}

/// `#RRGGBB`, hex digits in either case, as the schemas' pattern says.
func isColor(_ string: String) -> Bool {
    let bytes = Array(string.utf8)
    let hex = Set("0123456789abcdefABCDEF".utf8)
    return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy(hex.contains)
}

func depth(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
    case .object(let object): 1 + (object.values.map(depth).max() ?? 0)
    default: 1
    }
}

/// The APIs whose setting differs between `a` and `b`.
func changedSettings(_ a: ExperimentalSettings, _ b: ExperimentalSettings) -> [ExperimentalAPICall.API] {
    var changed: [ExperimentalAPICall.API] = []
    if a.forceUseV2API != b.forceUseV2API { changed.append(.forceUseV2API) }
    if a.framework != b.framework { changed.append(.setFramework) }
    if a.excludeFromHistoryMessage != b.excludeFromHistoryMessage { changed.append(.setExcludeFromHistoryMessage) }
    if a.pictureInPicture != b.pictureInPicture { changed.append(.configPictureInPicture) }
    if a.pictureInPictureEnabled != b.pictureInPictureEnabled { changed.append(.enablePictureInPicture) }
    return changed
}
