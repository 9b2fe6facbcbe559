/// What media the call is for. Only some surfaces carry it (Tencent `CallMediaType`); the model keeps
/// it optional and passes it through.
public enum MediaType: String, Hashable, Sendable, CaseIterable {
    case audio
    case video
}
