/// A weak reference that can be captured by `@Sendable` closures and stored in `let`s: surface engines
/// refer to their client or surface object weakly, so that an app dropping a kit or instance frees it.
public struct WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: the only stored property is a weak reference to a Sendable object; it is never
    // written after init.
    public private(set) weak var value: Object?

    public init(_ value: Object) {
        self.value = value
    }
}
