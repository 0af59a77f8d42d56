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
}
