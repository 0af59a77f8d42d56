internal import COpenAL
import MediaServer

/// One app's OpenAL world: its devices, the context it made current, and the interruption rule
/// of the 2010 talk "Audio Development for iPhone OS, Part 1": the context does not stay current
/// through an interruption. The app makes no context current when the interruption begins, and
/// after it ends reactivates its session and then makes the context current again.
///
/// Here the output stops with the interruption (its RemoteIO is interrupted). It starts again
/// only when the app makes a context current that was not current — so a game that kept its
/// context current through the interruption stays silent (traced
/// `openal.context.keptThroughInterruption`, which the app rules report) until it makes no
/// context current and then its context again.
///
/// OpenAL Soft's current context is process-wide, and simulated apps share the process: before
/// each `al*` call the facade makes the calling app's current context OpenAL Soft's.
final class OpenALApp: SimulationResource {
    let binding: AppBinding
    var devices: [OpaquePointer: OpenALDevice] = [:]
    var contextDevice: [OpaquePointer: OpaquePointer] = [:]
    /// Each context's spatial rendering qualities (OpenALRenderingQuality).
    var renderingQualities: [OpaquePointer: OpenALRenderingQuality] = [:]
    /// The context the app made current (nil: none).
    private(set) var current: OpaquePointer?
    /// The output stopped under a context the app never released.
    private var keptThroughInterruption = false

    private init(binding: AppBinding) { self.binding = binding }

    /// The calling app's OpenAL state, or nil outside any app's code.
    static var calling: OpenALApp? {
        guard let binding = AppContext.current else { return nil }
        return binding.server.attachment(for: binding.app, key: "OpenAL.App") { OpenALApp(binding: binding) }
    }

    func openDevice() -> OpaquePointer? {
        if let problem = OpenALSoftConfiguration.problem {
            binding.server.recordObservation(.openALUnpinned, ["app": .string(binding.app.name), "reason": .string(problem)])
            return nil
        }
        guard let device = OpenALDevice(binding: binding) else { return nil }
        device.outputLost = { [unowned self, unowned device] in outputLost(device) }
        devices[device.handle] = device
        return device.handle
    }

    func createContext(on handle: OpaquePointer) -> OpaquePointer? {
        guard let device = devices[handle] else { return nil }
        let context = device.contextAttributes.withUnsafeBufferPointer { COpenAL.alcCreateContext(handle, $0.baseAddress) }
        if let context { contextDevice[context] = handle }
        return context
    }

    func destroyContext(_ context: OpaquePointer) {
        guard contextDevice.removeValue(forKey: context) != nil else { return }
        renderingQualities[context] = nil
        if current == context { _ = makeCurrent(nil) }
        if COpenAL.alcGetThreadContext() == context { _ = COpenAL.alcSetThreadContext(nil) }
        COpenAL.alcDestroyContext(context)
    }

    func closeDevice(_ handle: OpaquePointer) -> Bool {
        guard let device = devices.removeValue(forKey: handle) else { return false }
        guard !contextDevice.values.contains(handle) else {
            devices[handle] = device
            return false
        }
        device.close()
        return true
    }

    /// `alcMakeContextCurrent`: nil releases the context; a context that was not current becomes
    /// current and its device's output starts (failing quietly while the session may not play).
    func makeCurrent(_ context: OpaquePointer?) -> Bool {
        guard let context else {
            current = nil
            keptThroughInterruption = false
            trace(.openALContextCurrent, context: "none")
            return true
        }
        guard let deviceHandle = contextDevice[context], let device = devices[deviceHandle] else { return false }
        guard context != current else {
            if keptThroughInterruption { trace(.openALContextStillCurrent, context: "kept") }
            return true
        }
        current = context
        trace(.openALContextCurrent, context: "made")
        if !device.isRunning {
            let status = device.startOutput()
            if status != 0 { binding.server.recordObservation(.openALOutputRefused, ["app": .string(binding.app.name), "status": .integer(Int(status))]) }
        }
        return true
    }

    /// The simulation is over: OpenAL Soft's contexts and devices of this app are destroyed and
    /// closed (untraced: the run has ended), so none outlives it.
    func simulationEnded() {
        for context in contextDevice.keys.sorted(by: { UInt(bitPattern: $0) < UInt(bitPattern: $1) }) {
            if COpenAL.alcGetThreadContext() == context { _ = COpenAL.alcSetThreadContext(nil) }
            COpenAL.alcDestroyContext(context)
        }
        contextDevice = [:]
        renderingQualities = [:]
        current = nil
        // Each device's RemoteIO is disposed too: its handle would otherwise keep the unit, and
        // through it the finished simulated device, for the process's life (`explore` runs
        // thousands of devices in one process). The run's results were taken before this.
        for handle in devices.keys.sorted(by: { UInt(bitPattern: $0) < UInt(bitPattern: $1) }) { devices[handle]?.close() }
        devices = [:]
    }

    private func outputLost(_ device: OpenALDevice) {
        binding.server.recordObservation(.openALOutputStopped, ["app": .string(binding.app.name)])
        if let current, contextDevice[current] == device.handle {
            keptThroughInterruption = true
            binding.server.recordObservation(.openALContextKeptThroughInterruption, ["app": .string(binding.app.name)])
        }
    }

    private func trace(_ kind: TraceKind, context: String) {
        binding.server.recordObservation(kind, ["app": .string(binding.app.name), "context": .string(context)])
    }

    /// Runs an `al*` call against this app's current context. The context is made current for the
    /// calling thread only (`ALC_EXT_thread_local_context`): OpenAL Soft's process-wide current
    /// context would be shared by simulations running side by side in one process.
    func withCurrentContext<T>(_ body: () -> T) -> T {
        if COpenAL.alcGetThreadContext() != current { _ = COpenAL.alcSetThreadContext(current) }
        return body()
    }
}
