// The service's initializer takes a ``ServiceClock``: importing the service is enough to name one.
@_exported import SwitchboardClock
