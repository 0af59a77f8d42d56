// What a test target gets with `import Soundcheck`: the simulated clock's time types (`HostTime`,
// `HostDuration`, which `advance(by:)` and the port-audio ranges take) and the render core's
// signal helpers, without importing the layers they come from.
@_exported import AudioGraph
@_exported import SimCore
