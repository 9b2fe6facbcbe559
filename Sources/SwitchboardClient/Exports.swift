// Sessions and environments take a ``ServiceClock``: importing the client is enough to name one.
@_exported import SwitchboardClock
