// `import Combine` on Linux: Combine's publishers, subjects, `sink`, `AnyCancellable` and operators, as
// SwitchboardPublishers writes them (docs/TENCENT.md, "Combine"). The package declares this module only
// where Apple's Combine does not exist.

@_exported import SwitchboardPublishers
