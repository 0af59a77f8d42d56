import Dispatch
import Foundation

/// Runs independent checks on every core. Each scenario run and each built-in check builds its
/// own simulated device with its own clock and shares nothing mutable with the others (an app's
/// binding is task-local, the few shared caches are locked), so running them side by side changes
/// no result; the results come back in input order, so the report is the same byte for byte on one
/// core or sixty-four. Only the order of the progress lines depends on the machine.
public enum ParallelRuns {
    /// `body` of every item, in the items' order. `finished` hears each item when its result is
    /// ready, with how many are done, one call at a time.
    public static func map<Item: Sendable, Result: Sendable>(_ items: [Item], finished: @escaping @Sendable (_ done: Int, _ item: Item) -> Void = { _, _ in },
                                                             _ body: @escaping @Sendable (Item) -> Result) -> [Result] {
        let slots = Slots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            slots.fill(index, with: body(items[index])) { done in finished(done, items[index]) }
        }
        return slots.results
    }

    /// `body` of every item on every core, each result handed to `deliver` in the items' order,
    /// one call at a time, and then dropped: at most `window` results wait for an earlier one,
    /// so memory stays bounded however many items there are (`soundcheck run` over a big
    /// folder). `deliver` returns false to stop: items not yet started are skipped.
    public static func forEachInOrder<Item: Sendable, Result: Sendable>(_ items: [Item], window: Int = 4 * ProcessInfo.processInfo.activeProcessorCount,
                                                                        _ body: @escaping @Sendable (Item) -> Result,
                                                                        deliver: @escaping @Sendable (Int, Result) -> Bool) {
        let queue = OrderedQueue<Result>(count: items.count, window: max(1, window))
        DispatchQueue.concurrentPerform(iterations: max(1, min(items.count, ProcessInfo.processInfo.activeProcessorCount))) { _ in
            while let index = queue.claim() {
                queue.finish(index, with: body(items[index]), deliver: deliver)
            }
        }
    }

    /// One slot per item, each written once by the thread that ran it, under a lock that also
    /// keeps the progress calls one at a time.
    private final class Slots<Result: Sendable>: @unchecked Sendable {
        private var slots: [Result?]
        private var filled = 0
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func fill(_ index: Int, with result: Result, then report: (_ filled: Int) -> Void) {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = result
            filled += 1
            report(filled)
        }

        var results: [Result] { slots.map { $0! } }
    }

    /// Hands out item indices no further than `window` past the next one to deliver, and delivers
    /// finished results in order under its lock.
    private final class OrderedQueue<Result: Sendable>: @unchecked Sendable {
        private let count: Int
        private let window: Int
        private var waiting: [Int: Result] = [:]
        private var next = 0
        private var delivered = 0
        private var stopped = false
        private let condition = NSCondition()

        init(count: Int, window: Int) {
            self.count = count
            self.window = window
        }

        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while next < count && next >= delivered + window && !stopped { condition.wait() }
            guard next < count, !stopped else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, with result: Result, deliver: (Int, Result) -> Bool) {
            condition.lock()
            defer { condition.unlock() }
            waiting[index] = result
            while !stopped, let ready = waiting.removeValue(forKey: delivered) {
                if !deliver(delivered, ready) { stopped = true }
                delivered += 1
            }
            condition.broadcast()
        }
    }
}
