// A world's links are in-process (`InProcessTransport`) and tests break them with a `FaultInjector`:
// importing the testing product is enough to name both.
@_exported import SwitchboardEmbedded
