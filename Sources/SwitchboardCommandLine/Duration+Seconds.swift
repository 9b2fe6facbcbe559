extension Duration {
    /// The duration in seconds, as a `Double` (URLRequest's timeout, a rate per second).
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
