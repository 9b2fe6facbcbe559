// A value handed across threads where the code, not the type, makes that safe.

/// A value moved between threads by serialized delivery (a source's drain, then a `receive(on:)` queue,
/// or a store's callback queue); the code that moves it, not the type, makes that safe.
package struct Unchecked<Value>: @unchecked Sendable {
    package var value: Value

    package init(value: Value) {
        self.value = value
    }
}
