import Foundation

/// Reading a credential file: its text, or a typed error that names the file only.
enum CredentialFile {
    static func text(at path: String, what: String) throws(PushCredentialError) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw PushCredentialError(code: .fileUnreadable, message: "the \(what) \(path) cannot be read")
        }
        return text
    }

    /// Whether `text` is one PEM block (RFC 7468): a `-----BEGIN ...-----` line and its `-----END ...-----`.
    static func isPEM(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("-----BEGIN ") && trimmed.hasSuffix("-----") && trimmed.contains("-----END ")
    }
}
