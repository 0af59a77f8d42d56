import Foundation
import CoreMedia

/// `AVPlayer`'s seeks. The current item moves to the time asked at once, sample-exactly (within
/// any tolerance an app gives), and goes on at the rate it had: what plays next at the port is the
/// item from there. Completion handlers run on the simulation clock, as the app's main queue
/// would run them: `true` when the seek finished, `false` when a later seek superseded it first
/// or there was no item, as Apple documents.
extension AVPlayer {
    public func seek(to time: CMTime) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: { _ in })
    }

    public func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    public func seek(to time: CMTime) async -> Bool {
        await withCheckedContinuation { continuation in seek(to: time) { continuation.resume(returning: $0) } }
    }

    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: { _ in })
    }

    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
                     completionHandler: @escaping @Sendable (Bool) -> Void) {
        seekGeneration += 1
        let generation = seekGeneration
        let finished = currentItem != nil && time.isNumeric
        if finished {
            let duration = currentItem?.endTime ?? .indefinite
            restart(at: duration.isNumeric ? min(max(time, .zero), duration) : max(time, .zero))
            if let item = currentItem { NotificationCenter.default.post(name: AVPlayerItem.timeJumpedNotification, object: item) }
        }
        completionQueue.async("AVPlayer.seek") { [weak self] in
            completionHandler(finished && self?.seekGeneration == generation)
        }
    }

    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) async -> Bool {
        await withCheckedContinuation { continuation in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter) { continuation.resume(returning: $0) }
        }
    }

    /// Seeking by date needs an item whose times map to dates (a live stream's); the local files
    /// a simulated player plays have none, so the seek does not happen and reports `false`.
    public func seek(to date: Date) {
        seek(to: date, completionHandler: { _ in })
    }

    public func seek(to date: Date, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seekGeneration += 1
        completionQueue.async("AVPlayer.seek") { completionHandler(false) }
    }

    public func seek(to date: Date) async -> Bool {
        await withCheckedContinuation { continuation in seek(to: date) { continuation.resume(returning: $0) } }
    }
}
