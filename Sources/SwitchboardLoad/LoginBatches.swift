/// Logs users in `width` at a time, as both engines do (a thousand connections opened at once would be
/// refused by the server's handshake limits): `job` runs for every index of a batch concurrently, the first
/// failure of a batch is thrown once the batch is done.
func inBatches(
    of width: Int, _ indices: Range<Int>,
    _ job: @escaping @Sendable (Int) async throws(LoadError) -> Void
) async throws(LoadError) {
    for start in stride(from: indices.lowerBound, to: indices.upperBound, by: width) {
        let batch = start..<min(indices.upperBound, start + width)
        let failure = await withTaskGroup(of: LoadError?.self) { group in
            for index in batch {
                group.addTask {
                    do throws(LoadError) {
                        try await job(index)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            var first: LoadError?
            for await each in group where first == nil { first = each }
            return first
        }
        if let failure { throw failure }
    }
}
