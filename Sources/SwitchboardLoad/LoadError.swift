/// Why a load run cannot start or go on.
public enum LoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The plan asks for something the generator does not do (a rate out of range, a remote server...).
    case invalidPlan(String)
    /// A simulated user could not log in (the run stops: every number after it would be wrong).
    case loginFailed(user: String, reason: String)

    public var description: String {
        switch self {
        case .invalidPlan(let why): "invalid load plan: \(why)"
        case .loginFailed(let user, let reason): "load user \(user) could not log in: \(reason)"
        }
    }
}
