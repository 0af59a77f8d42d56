// Written only against Apple's API: on iOS the import is `import AVFoundation`; nothing else changes.
import AVFoundation
import Dispatch
import Foundation

/// A capture app as Apple's AVCaptureSession overview shows it: the default audio device in a
/// device input, an audio data output whose delegate keeps every sample buffer's samples (as
/// floats), presentation times and format; it also logs the session's notifications.
final class AudioCaptureApp: NSObject, AVCaptureAudioDataOutputSampleBufferDelegate, @unchecked Sendable {
    let session = AVCaptureSession()
    let output = AVCaptureAudioDataOutput()
    private(set) var samples: [Float] = []
    private(set) var presentationTimes: [CMTime] = []
    private(set) var bufferFrames: [Int] = []
    private(set) var sampleRate = 0.0
    private(set) var bitsPerChannel: UInt32 = 0
    private(set) var events: [String] = []
    private(set) var levels: [(average: Float, peak: Float)] = []
    private var observers: [NSObjectProtocol] = []

    func configure() throws {
        guard let microphone = AVCaptureDevice.default(for: .audio) else { throw CocoaError(.featureUnsupported) }
        let input = try AVCaptureDeviceInput(device: microphone)
        session.beginConfiguration()
        if session.canAddInput(input) { session.addInput(input) }
        if session.canAddOutput(output) { session.addOutput(output) }
        session.commitConfiguration()
        output.setSampleBufferDelegate(self, queue: DispatchQueue(label: "capture.audio"))
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: AVCaptureSession.wasInterruptedNotification, object: session, queue: nil) { [weak self] note in
            let reason = note.userInfo?[AVCaptureSessionInterruptionReasonKey] as? Int
            self?.events.append("interrupted \(reason.flatMap(AVCaptureSession.InterruptionReason.init) == .audioDeviceInUseByAnotherClient ? "audioDeviceInUseByAnotherClient" : "?")")
        })
        observers.append(center.addObserver(forName: AVCaptureSession.interruptionEndedNotification, object: session, queue: nil) { [weak self] _ in
            self?.events.append("interruption ended")
        })
        observers.append(center.addObserver(forName: AVCaptureSession.runtimeErrorNotification, object: session, queue: nil) { [weak self] note in
            let error = note.userInfo?[AVCaptureSessionErrorKey] as? NSError
            self?.events.append("runtime error \(error?.code ?? 0)")
        })
    }

    deinit { for observer in observers { NotificationCenter.default.removeObserver(observer) } }

    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {
        guard let format = CMSampleBufferGetFormatDescription(sampleBuffer),
              let description = CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee,
              let data = CMSampleBufferGetDataBuffer(sampleBuffer) else { return }
        sampleRate = description.mSampleRate
        bitsPerChannel = description.mBitsPerChannel
        let frames = CMSampleBufferGetNumSamples(sampleBuffer)
        var values = [Int16](repeating: 0, count: frames)
        _ = values.withUnsafeMutableBytes { CMBlockBufferCopyDataBytes(data, atOffset: 0, dataLength: frames * 2, destination: $0.baseAddress!) }
        samples += values.map { Float($0) / 32_768 }
        presentationTimes.append(CMSampleBufferGetPresentationTimeStamp(sampleBuffer))
        bufferFrames.append(frames)
        if let channel = connection.audioChannels.first { levels.append((channel.averagePowerLevel, channel.peakHoldLevel)) }
    }

    /// Amplitude of the `frequency` component of the samples from `start` to `end` seconds of capture.
    func toneAmplitude(_ frequency: Double, from start: Double, to end: Double) -> Double {
        let slice = samples[Int(start * sampleRate)..<min(samples.count, Int(end * sampleRate))]
        var re = 0.0, im = 0.0
        for (index, sample) in slice.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / sampleRate
            re += Double(sample) * cos(phase)
            im -= Double(sample) * sin(phase)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(max(1, slice.count))
    }

    func peak(from start: Double, to end: Double) -> Float {
        samples[Int(start * sampleRate)..<min(samples.count, Int(end * sampleRate))].map(abs).max() ?? 0
    }
}
