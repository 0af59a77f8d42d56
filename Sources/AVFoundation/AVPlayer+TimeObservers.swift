import Dispatch
import Foundation
import CoreMedia

/// `AVPlayer`'s time observers, on the current item's timeline. A periodic observer is called
/// at every multiple of its interval of item time while the player plays, and also, as Apple
/// documents, whenever playback starts or stops and whenever the time jumps (a seek), with the
/// time then. A boundary observer is called when playback crosses one of its item times. The
/// blocks run on the simulation clock at the instant the item reaches the time, in the app's
/// context (see `SimulationQueue`), so a run is reproducible to the frame.
extension AVPlayer {
    public func addPeriodicTimeObserver(forInterval interval: CMTime, queue: DispatchQueue?,
                                        using block: @escaping @Sendable (CMTime) -> Void) -> Any {
        precondition(interval.isNumeric && interval > .zero, "addPeriodicTimeObserver: the interval must be a positive time")
        let observer = TimeObserver(kind: .periodic(interval, block))
        timeObservers.append(observer)
        scheduleTick(observer)
        return observer
    }

    public func addBoundaryTimeObserver(forTimes times: [NSValue], queue: DispatchQueue?,
                                        using block: @escaping @Sendable () -> Void) -> Any {
        precondition(!times.isEmpty, "addBoundaryTimeObserver: no times given")
        let observer = TimeObserver(kind: .boundary(times.map(\.timeValue).sorted(), block))
        timeObservers.append(observer)
        scheduleTick(observer)
        return observer
    }

    /// No block of `observer` starts after this returns.
    public func removeTimeObserver(_ observer: Any) {
        guard let observer = observer as? TimeObserver, timeObservers.contains(where: { $0 === observer }) else {
            preconditionFailure("removeTimeObserver: not an observer returned by this player's add methods")
        }
        timeObservers.removeAll { $0 === observer }
        observer.isRemoved = true
    }

    /// The item's timeline changed (rate, time, or the current item): scheduled ticks are
    /// stale; periodic observers hear a start, a stop or a jump.
    func timelineChanged(jumped: Bool = false) {
        guard !isRestarting else { return }
        observerGeneration += 1
        let running = synchronizer.timebase.rate > 0
        if jumped || running != timelineWasRunning, currentItem != nil {
            let now = currentTime()
            for observer in timeObservers {
                guard case .periodic = observer.kind else { continue }
                completionQueue.async("AVPlayer.timeObserver") { [observer] in
                    guard !observer.isRemoved, observer.lastFired != now else { return }
                    observer.fire(at: now)
                }
            }
        }
        timelineWasRunning = running
        for observer in timeObservers { scheduleTick(observer) }
    }

    /// Schedules the observer's next due item time on the host clock (nothing while stopped).
    private func scheduleTick(_ observer: TimeObserver) {
        let timebase = synchronizer.timebase
        guard timebase.rate > 0, currentItem != nil, let due = observer.nextDue(after: currentTime()),
              let at = timebase.sourceTime(of: CMTimeAdd(itemStart, due)) else { return }
        let generation = observerGeneration
        completionQueue.run("AVPlayer.timeObserver", at: at) { [weak self, observer] in
            guard let self, !observer.isRemoved, generation == self.observerGeneration else { return }
            if observer.lastFired != due { observer.fire(at: due) }
            self.scheduleTick(observer)
        }
    }
}
