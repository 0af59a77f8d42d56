import ArgumentParser

/// `--shard K/N`: the K-th of N deterministic, balanced shares of a sorted list — item i goes to
/// share i mod N + 1 — so N machines together run every scenario exactly once.
struct Shard: ExpressibleByArgument, Equatable {
    let index: Int   // 1-based
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    static var defaultCompletionKind: CompletionKind { .default }

    func share<T>(of items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
