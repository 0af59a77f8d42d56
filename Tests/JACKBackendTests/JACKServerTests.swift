import Testing

/// Every test that needs a JACK server: each starts its own dummy server (Tools/jack) and stops
/// it; they run one at a time, so that servers and client names never meet.
@Suite("JACK", .serialized, .enabled(if: DummyJACKServer.jackdInstalled, "jackd is not installed (Debian package jackd2); the JACK runs cannot be checked"))
enum JACKServerTests {}
