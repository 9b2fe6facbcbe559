extension CallEngine {
    /// Keeps the service's push bookkeeping on `user`'s participant (docs/SERVER.md, "Push"). Not a
    /// transition: nothing is notified and no deadline moves; the service stores the call with it.
    public mutating func setPushMarks(_ marks: [PushMark], of user: UserID) {
        guard let index = call.index(of: user) else { return }
        call.participants[index].pushMarks = marks
    }
}

