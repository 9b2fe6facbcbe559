// The state stream the stores publish through is SwitchboardPublishers' (in-house where Combine does not
// exist, Combine itself where it does): an app that imports this module has `AnyPublisher`, `sink`,
// `AnyCancellable` and the operators as Tencent's samples use them (docs/TENCENT.md, "Combine").

@_exported import SwitchboardPublishers
