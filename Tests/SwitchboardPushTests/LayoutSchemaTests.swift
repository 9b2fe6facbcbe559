import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardPush
import SwitchboardService
import TestSupport
import Testing

/// Every layout's output against Schemas/push/, with Python's jsonschema (the validator scripts/validate-frames
/// uses), over rings and cancels, VoIP, alert and FCM, with and without media type, payload and vendor settings.
@Suite("Layouts match Schemas/push/")
struct LayoutSchemaTests {
    @Test("each produced payload, data map and embedded JSON text is valid against its schema",
          .enabled("needs python3 with the jsonschema module") { await pythonWithJSONSchema() })
    func valid() async throws {
        var documents: [(schema: String, json: String)] = []
        for layout in PushLayout.allCases {
            for platform in PushPlatform.allCases {
                for kind in PushKind.allCases {
                    for (mediaType, content) in [(MediaType?.none, PushContent()),
                                                 (.video, PushContent(title: "Alice", body: "Call", payload: #"{"type":1}"#,
                                                                      vendorInfo: #"{"iOSSound":"ring.mp3"}"#))] {
                        let job = pushJob(platform: platform, kind: kind, layout: layout, content: content, mediaType: mediaType)
                        if platform.isAPNs {
                            let payload = PushPayload.apns(job)
                            documents.append(("\(layout.rawValue).apns", try JSONSerializer().serialize(payload)))
                            if layout == .tencent, let ext = payload["ext"]?.stringValue { documents.append(("tencent.ext", ext)) }
                        } else {
                            let data = PushPayload.fcmData(job)
                            let object = JSONValue.object(JSONObject(data.map { ($0.key, JSONValue.string($0.value)) }))
                            documents.append(("\(layout.rawValue).fcm", try JSONSerializer().serialize(object)))
                            if layout == .tencent, let ext = data["ext"] { documents.append(("tencent.ext", ext)) }
                            if layout == .zego, let member = data["switchboard"] { documents.append(("switchboard-member", member)) }
                        }
                    }
                }
            }
        }
        let input = documents.map { "\($0.schema)\t\(Data($0.json.utf8).base64EncodedString())" }.joined(separator: "\n") + "\n"
        let outcome = try await runToExit(["/usr/bin/env", "python3", "-c", validationScript, schemaRoot.path], input: input)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let verdicts = outcome.output.split(separator: "\n").map(String.init)
        #expect(verdicts.count == documents.count)
        for (document, verdict) in zip(documents, verdicts) {
            #expect(verdict == "valid", "\(document.schema): \(document.json)")
        }
    }
}

private let schemaRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Schemas")

private func pythonWithJSONSchema() async -> Bool {
    (try? await runToExit(["/usr/bin/env", "python3", "-c", "import jsonschema"]))?.status == 0
}

/// argv: the Schemas directory. stdin: `<schema name under push/>\t<base64 JSON>` a line. Prints `valid` or
/// the first errors, a line each. Every schema is loaded from disk (as scripts/validate-frames does).
private let validationScript = #"""
    import base64, json, sys
    from pathlib import Path
    import jsonschema
    from jsonschema import Draft202012Validator
    root = Path(sys.argv[1])
    BASE = "https://switchboard.invalid/schemas/"
    documents = {BASE + p.relative_to(root).as_posix(): json.loads(p.read_text(encoding="utf-8"))
                 for p in sorted(root.rglob("*.schema.json"))}
    try:
        import referencing, referencing.jsonschema
        registry = referencing.Registry().with_resources(
            (uri, referencing.Resource.from_contents(s, default_specification=referencing.jsonschema.DRAFT202012))
            for uri, s in documents.items())
        def validator(uri):
            return Draft202012Validator(documents[uri], registry=registry)
    except ImportError:
        def validator(uri):
            resolver = jsonschema.RefResolver(base_uri=uri, referrer=documents[uri], store=dict(documents))
            return Draft202012Validator(documents[uri], resolver=resolver)
    for line in sys.stdin:
        name, encoded = line.rstrip("\n").split("\t")
        document = json.loads(base64.b64decode(encoded))
        errors = [e.message for e in validator(BASE + "push/" + name + ".schema.json").iter_errors(document)]
        print("valid" if not errors else "; ".join(errors[:3]).replace("\n", " "))
    """#
