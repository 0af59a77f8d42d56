// Tests written against the harness describe sources (`.sine(frequency:amplitude:)`) and read
// levels without importing the render core themselves.
@_exported import AudioGraph
