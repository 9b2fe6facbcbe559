// Where Combine exists (Apple platforms) the chain is Combine itself: importing this module imports
// Combine, and none of the in-house public types is compiled (Publisher.swift), so an app that also
// writes `import Combine` sees one `AnyPublisher`, one `AnyCancellable`, Combine's
// (docs/TENCENT.md, "Combine").

#if canImport(Combine)
@_exported import Combine
#endif
