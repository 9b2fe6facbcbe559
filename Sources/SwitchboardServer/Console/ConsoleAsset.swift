import Hummingbird
import NIOCore

/// One of the console's three files (Sources/SwitchboardServer/Console/), compiled into the binary
/// (SwiftPM's `embedInCode`), so a server needs no files beside it and fetches nothing from elsewhere.
struct ConsoleAsset: Sendable {
    let path: String
    let contentType: String
    let bytes: ByteBuffer

    static let all: [ConsoleAsset] = [
        ConsoleAsset(path: "/console", contentType: "text/html; charset=utf-8", bytes: ByteBuffer(bytes: PackageResources.console_html)),
        ConsoleAsset(path: "/console/console.js", contentType: "text/javascript; charset=utf-8",
                     bytes: ByteBuffer(bytes: PackageResources.console_js)),
        ConsoleAsset(path: "/console/console.css", contentType: "text/css; charset=utf-8",
                     bytes: ByteBuffer(bytes: PackageResources.console_css)),
    ]

    /// The file, with headers that keep the page to itself: only its own script and style run, no
    /// frame may embed it (clickjacking the end-call button), and nothing is cached or leaked as a referrer.
    var response: Response {
        Response(
            status: .ok,
            headers: [
                .contentType: contentType,
                .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
                .xContentTypeOptions: "nosniff",
                HTTPFields.Element.Name("Referrer-Policy")!: "no-referrer",
                HTTPFields.Element.Name("X-Frame-Options")!: "DENY",
            ],
            body: .init(byteBuffer: bytes))
    }
}
