/// A weak reference that can be captured by `@Sendable` closures and stored in `let`s: the engine's
/// objects refer to their client weakly so that an app dropping a kit frees it.
struct WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: the only stored property is a weak reference to a Sendable object; it is never
    // written after init.
    private(set) weak var value: Object?

    init(_ value: Object) {
        self.value = value
    }
}
