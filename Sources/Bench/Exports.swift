// A user's test target imports one module: the harness (SimulatedDevice) comes with the bench.
@_exported import SoundcheckHarness
