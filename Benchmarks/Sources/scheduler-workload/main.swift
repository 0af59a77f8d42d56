// Runs the mixed workload once, without the benchmark harness: for callgrind, and to check that a
// scheduler change keeps the order events run in (the fingerprint must not change).
//   scheduler-workload [events] [--steady]
import SimCore
import SchedulerWorkloads

let arguments = CommandLine.arguments.dropFirst()
let events = arguments.first.flatMap { Int($0) } ?? 1_000_000
var scheduler = Scheduler<StackEvent>()
var workload = MixedWorkload()
if arguments.contains("--steady") {
    workload.warmUp(&scheduler, for: MixedWorkload.steadyStateWarmUp)
    print("warm-up: \(scheduler.eventsRun) events, \(scheduler.pendingCount) queued")
}
let summary = workload.run(&scheduler, events: events)
print("events \(summary.eventsRun) cancellations \(workload.cancellations) end \(summary.endTime.nanoseconds) fingerprint \(String(workload.fingerprint, radix: 16))")
