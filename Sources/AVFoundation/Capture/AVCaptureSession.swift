import AVFAudio
import CoreMedia
import Foundation
import MediaServer

/// The user-info key of `AVCaptureSession.runtimeErrorNotification`: the `NSError`.
public let AVCaptureSessionErrorKey = "AVCaptureSessionErrorKey"
/// The user-info key of `AVCaptureSession.wasInterruptedNotification`: the reason's raw value.
public let AVCaptureSessionInterruptionReasonKey = "AVCaptureSessionInterruptionReasonKey"

/// `AVCaptureSession`: links inputs to outputs and, while running, moves media between them.
/// Here it captures audio: the microphone's input reaches each audio data output's delegate as
/// sample buffers, one per IO cycle (`CaptureAudioReader`).
///
/// The app's audio session: with `usesApplicationAudioSession` and
/// `automaticallyConfiguresApplicationAudioSession` (both true by default) `startRunning()` sets
/// the app's category to playAndRecord, keeping its mode and options, unless it already records
/// (record, playAndRecord, multiRoute). With `usesApplicationAudioSession` false Apple records
/// through a private session; the simulated media server has one session per app, so the app's
/// session is used as it is, unconfigured (docs/capture.md).
///
/// A phone call interrupts capture like any input: `wasInterruptedNotification` (reason
/// `.audioDeviceInUseByAnotherClient`), `isRunning` false while it lasts; at its end the session
/// runs again by itself and posts `interruptionEndedNotification`. A media-services reset stops
/// it with `runtimeErrorNotification` (`AVError.mediaServicesWereReset`, -11819).
open class AVCaptureSession: NSObject, @unchecked Sendable {
    /// `AVCaptureSession.InterruptionReason`.
    public enum InterruptionReason: Int, Sendable {
        case videoDeviceNotAvailableInBackground = 1
        case audioDeviceInUseByAnotherClient = 2
        case videoDeviceInUseByAnotherClient = 3
        case videoDeviceNotAvailableWithMultipleForegroundApps = 4
        case videoDeviceNotAvailableDueToSystemPressure = 5
    }

    public static let runtimeErrorNotification = NSNotification.Name("AVCaptureSessionRuntimeErrorNotification")
    public static let wasInterruptedNotification = NSNotification.Name("AVCaptureSessionWasInterruptedNotification")
    public static let interruptionEndedNotification = NSNotification.Name("AVCaptureSessionInterruptionEndedNotification")

    /// AVError.h's `AVErrorMediaServicesWereReset`.
    static let mediaServicesWereReset = -11819

    public private(set) var inputs: [AVCaptureInput] = []
    public private(set) var outputs: [AVCaptureOutput] = []
    public private(set) var connections: [AVCaptureConnection] = []
    open var usesApplicationAudioSession = true
    open var automaticallyConfiguresApplicationAudioSession = true
    public private(set) var isInterrupted = false
    /// Asked to run (`startRunning()` without `stopRunning()`), interrupted or not.
    private var wantsToRun = false
    private var configurationDepth = 0
    let binding: AppBinding
    private lazy var reader = CaptureAudioReader(binding: binding) { [weak self] buffer, samples, rate in
        self?.captured(buffer, samples, rate)
    }
    private var observers: [NSObjectProtocol] = []

    public override init() {
        binding = SimulationQueue.currentBinding("AVCaptureSession")
        super.init()
        observeAudioSession()
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    /// Running: started, not interrupted, and reading input.
    open var isRunning: Bool { wantsToRun && !isInterrupted && reader.isReading }

    // MARK: Inputs and outputs

    open func canAddInput(_ input: AVCaptureInput) -> Bool {
        !inputs.contains { $0 === input } && !input.ports.isEmpty
    }

    open func addInput(_ input: AVCaptureInput) {
        guard canAddInput(input) else { return }
        inputs.append(input)
        relink()
    }

    open func removeInput(_ input: AVCaptureInput) {
        inputs.removeAll { $0 === input }
        relink()
    }

    /// An output is added once; an audio data output takes audio.
    open func canAddOutput(_ output: AVCaptureOutput) -> Bool {
        !outputs.contains { $0 === output } && !output.acceptedMediaTypes.isEmpty
    }

    open func addOutput(_ output: AVCaptureOutput) {
        guard canAddOutput(output) else { return }
        outputs.append(output)
        relink()
    }

    open func removeOutput(_ output: AVCaptureOutput) {
        outputs.removeAll { $0 === output }
        output.linked = []
        relink()
    }

    /// Changes between `beginConfiguration()` and `commitConfiguration()` apply together at the commit.
    open func beginConfiguration() { configurationDepth += 1 }

    open func commitConfiguration() {
        configurationDepth = max(0, configurationDepth - 1)
        relink()
    }

    /// One connection per (input port, output) whose media types match, kept across relinks.
    private func relink() {
        guard configurationDepth == 0 else { return }
        var linked: [AVCaptureConnection] = []
        for output in outputs {
            output.linked = []
            for input in inputs {
                for port in input.ports where output.acceptedMediaTypes.contains(port.mediaType) {
                    let connection = connections.first { $0.inputPort === port && $0.output === output }
                        ?? AVCaptureConnection(inputPort: port, output: output)
                    connection.session = self
                    output.linked.append(connection)
                    linked.append(connection)
                }
            }
        }
        connections = linked
    }

    // MARK: Running

    /// Starts capture: configures the app's audio session (see the type's notes) and reads
    /// input. A start that fails posts `runtimeErrorNotification` with the session's error.
    open func startRunning() {
        guard !wantsToRun else { return }
        wantsToRun = true
        if usesApplicationAudioSession && automaticallyConfiguresApplicationAudioSession { configureAudioSession() }
        let status = AppContext.run(as: binding) { reader.start() }
        if status != noErr {
            wantsToRun = false
            postRuntimeError(NSError(domain: Foundation.NSOSStatusErrorDomain, code: Int(status),
                                     userInfo: [NSLocalizedDescriptionKey: "the capture session's input could not start (\(status))"]))
        }
    }

    open func stopRunning() {
        wantsToRun = false
        isInterrupted = false
        AppContext.run(as: binding) { reader.stop() }
    }

    private func configureAudioSession() {
        AppContext.run(as: binding) {
            let session = AVAudioSession.sharedInstance()
            guard ![.record, .playAndRecord, .multiRoute].contains(session.category) else { return }
            try? session.setCategory(.playAndRecord, mode: session.mode, options: session.categoryOptions)
        }
    }

    /// A buffer of input: every active audio connection's output gets it; the meters hear it.
    private func captured(_ buffer: CMSampleBuffer, _ samples: UnsafeBufferPointer<Int16>, _ rate: Double) {
        for connection in connections where connection.isActive && connection.inputPort.mediaType == .audio {
            connection.measure(samples, rate: rate)
            (connection.output as? AVCaptureAudioDataOutput)?.deliver(buffer, from: connection, binding: binding)
        }
    }

    // MARK: Interruptions and resets

    private func observeAudioSession() {
        let session = AppContext.run(as: binding) { AVAudioSession.sharedInstance() }
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) { [weak self] note in
            let type = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init)
            if type == .began { self?.interruptionBegan() } else if type == .ended { self?.interruptionEnded() }
        })
        observers.append(center.addObserver(forName: AVAudioSession.mediaServicesWereLostNotification, object: session,
                                            queue: nil) { [weak self] _ in self?.mediaServicesLost() })
    }

    private func interruptionBegan() {
        guard wantsToRun, !isInterrupted else { return }
        isInterrupted = true
        AppContext.run(as: binding) { reader.stop() }
        NotificationCenter.default.post(name: Self.wasInterruptedNotification, object: self,
                                        userInfo: [AVCaptureSessionInterruptionReasonKey: InterruptionReason.audioDeviceInUseByAnotherClient.rawValue])
    }

    /// The session resumes by itself (the app does not restart it), as Apple documents.
    private func interruptionEnded() {
        guard wantsToRun, isInterrupted else { return }
        isInterrupted = false
        _ = AppContext.run(as: binding) { reader.start() }
        NotificationCenter.default.post(name: Self.interruptionEndedNotification, object: self)
    }

    private func mediaServicesLost() {
        guard wantsToRun else { return }
        stopRunning()
        postRuntimeError(NSError(domain: AVFoundationErrorDomain, code: Self.mediaServicesWereReset,
                                 userInfo: [NSLocalizedDescriptionKey: "media services were reset"]))
    }

    private func postRuntimeError(_ error: NSError) {
        NotificationCenter.default.post(name: Self.runtimeErrorNotification, object: self, userInfo: [AVCaptureSessionErrorKey: error])
    }
}
