import SimCore

/// What a simulated audio stack queues on its scheduler, reduced to what matters for the queue:
/// small payloads, some events that reschedule themselves, some that are cancelled.
public enum StackEvent: Sendable {
    /// A stream's render cycle: periodic with a period quantized to audio buffers, so streams that
    /// share a period and phase fall due at the same instant (ties broken by insertion order).
    case renderTick(stream: UInt32)
    /// Work a render cycle hands on at the same instant (mixing, metering).
    case mixWork(stream: UInt32)
    /// A device's callback, due at a random, unquantized future deadline.
    case deviceCallback(device: UInt32)
    /// A request's answer; cancels the request's timeout.
    case reply(request: UInt32)
    /// A request's timeout; cancels the late answer.
    case timeout(request: UInt32)
}
