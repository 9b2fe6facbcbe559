// Foundation's Combine extension of `NotificationCenter` (the in-house chain, see Publisher.swift;
// Foundation's own where Combine exists). Vendor kits observe their notifications with it
// (`NotificationCenter.default.publisher(for:)` in KIT4's `TUICallKitImpl`).

#if !canImport(Combine)
import Foundation

extension NotificationCenter {
    /// Mirrors Foundation's `NotificationCenter.Publisher`: the notifications of one name (and
    /// optionally one object) posted to a center, as values.
    ///
    /// Each `sink` adds its own observer (the center calls it on the posting thread, in posting order)
    /// and removes it when the subscription is cancelled. The publisher never completes.
    public struct Publisher: SwitchboardPublishers.Publisher {
        /// Foundation `NotificationCenter.Publisher.Output`.
        public typealias Output = Notification
        /// Foundation `NotificationCenter.Publisher.Failure`.
        public typealias Failure = Never

        /// Foundation `NotificationCenter.Publisher.center`.
        public let center: NotificationCenter
        /// Foundation `NotificationCenter.Publisher.name`.
        public let name: Notification.Name
        /// Foundation `NotificationCenter.Publisher.object`: only notifications of this object (nil: any).
        public let object: AnyObject?

        /// Foundation `NotificationCenter.Publisher.init(center:name:object:)`.
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        /// Combine `eraseToAnyPublisher()`: each `sink` observes the center until it is cancelled.
        public func eraseToAnyPublisher() -> AnyPublisher<Notification, Never> {
            let source = Unchecked(value: (center: center, name: name, object: object))
            return AnyPublisher { downstream in
                // The center calls the block on the posting thread; delivery into the chain is as from any
                // source (see Hub).
                let target = Unchecked(value: downstream)
                let token = source.value.center.addObserver(forName: source.value.name, object: source.value.object,
                                                            queue: nil) { target.value.receive(.value($0)) }
                let observer = Unchecked(value: (center: source.value.center, token: token))
                downstream.subscription.onCancel { observer.value.center.removeObserver(observer.value.token) }
            }
        }
    }

    /// Foundation `NotificationCenter.publisher(for:object:)`: the notifications named `name` (of `object`
    /// only, if given) as a publisher.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        NotificationCenter.Publisher(center: self, name: name, object: object)
    }
}
#endif
