import AudioGraph
import MediaServer
import SimCore
import VirtualDevices

/// Carrying out one step at its time: a device event, or an app acting on its session.
extension ScenarioRun {
    /// The level of an `input-tone`: −12 dBFS, well above every tone threshold.
    static let inputToneAmplitude: Float = 0.25

    func perform(_ step: ScenarioStep, number: Int) {
        checkpoint?(RunCheckpoint(server: server, stepsDone: number - 1, isEnd: false))
        server.recordObservation(.step(number: Int64(number), verb: step.verb, line: Int64(step.line)))
        switch step.action {
        case let .device(event): apply(event, step: step)
        case let .app(name, action): perform(action, app: name, step: step)
        case let .inputTone(port, channel, frequency): playInput(frequency, into: port, channel: channel, step: step)
        case let .bluetooth(bluetooth): perform(bluetooth, verb: step.verb)
        case let .pickRoute(ports): pickRoute(ports, step: step)
        case let .remoteCommand(command, source): server.sendRemoteCommand(command, from: source)
        }
        letUserAppsReport()
        rememberPorts()
    }

    /// After a step, registered user apps say what they now believe (their `started`/`stopped`
    /// lines), in the scenario's order of apps. Reference apps log for themselves.
    private func letUserAppsReport() {
        for declaration in scenario.apps {
            guard let app = apps[declaration.name] as? FallibleScenarioApp else { continue }
            server.inAppContext(AppID(declaration.name)) { app.stepDone() }
        }
    }

    private func apply(_ event: DeviceEvent, step: ScenarioStep) {
        do {
            try server.apply(event)
        } catch {
            refuse(step.verb, error.description)
            return
        }
        switch event {
        case let .launch(name): createApp(name, step: step)
        case let .terminate(name): apps[name] = nil
        default: break
        }
    }

    /// Makes the app's object in its context (a launch step, or the system launching a node). A
    /// factory that throws fails the run at that step, naming the app; the app is then not running.
    func createApp(_ name: String, step: ScenarioStep? = nil) {
        guard let declaration = scenario.app(named: name), let model = registry.model(named: declaration.model) else { return }
        let log = appLog(for: declaration)
        do {
            apps[name] = try server.inAppContext(AppID(name)) { try model.make(declaration.configuration, log) }
        } catch {
            recordLine(.app(AppEventRecord(app: name, model: declaration.model, what: "launch-failed", details: ["error": "\(error)"])))
            failures.append(ScenarioFailure(line: step?.line ?? declaration.line, column: step?.column ?? declaration.column,
                                            message: "the \(name) app could not be created: its factory threw \(error)",
                                            details: ["at t=\(HostDuration(nanoseconds: server.now.nanoseconds)) (\(step.map { "the \($0.verb) step" } ?? "the system launched it"))"]))
        }
    }

    /// Runs a control; a user's action that throws is the app's failure at that step (a trace line
    /// and a failure), and the run goes on.
    private func run(_ command: String, on object: ScenarioApp, app name: String, step: ScenarioStep) {
        guard let fallible = object as? FallibleScenarioApp else {
            server.inAppContext(AppID(name)) { object.perform(command) }
            return
        }
        do {
            try server.inAppContext(AppID(name)) { try fallible.attempt(command) }
        } catch {
            let model = scenario.app(named: name)?.model ?? name
            recordLine(.app(AppEventRecord(app: name, model: model, what: "action-failed", details: ["action": command, "error": "\(error)"])))
            failures.append(ScenarioFailure(line: step.line, column: step.column,
                                            message: "the \(name) app's action '\(command)' threw \(error)",
                                            details: ["at t=\(step.at) (step: \(command), app: \(name))"]))
        }
    }

    private func appLog(for declaration: AppDeclaration) -> AppLog {
        let (name, model) = (declaration.name, declaration.model)
        return AppLog { [weak self] what, details in
            self?.server.recordObservation(.app(AppEventRecord(app: name, model: model, what: what, details: details)))
        }
    }

    private func perform(_ action: AppAction, app name: String, step: ScenarioStep) {
        let app = AppID(name)
        // Errors are in the trace as `api.*` lines with their result; expectations check them there.
        switch action {
        case let .setCategory(category, mode, policy, options):
            try? server.setCategory(app, category, mode: mode, policy: policy, options: options)
        case let .setMode(mode): try? server.setMode(app, mode)
        case .activate: try? server.setActive(app, true)
        case let .deactivate(notifyOthers):
            try? server.setActive(app, false, options: notifyOthers ? .notifyOthersOnDeactivation : [])
        case let .command(command):
            guard let object = apps[name] else {
                refuse(command, "the app is not running", app: name)
                return
            }
            run(command, on: object, app: name, step: step)
        case let .setPreferredInput(type):
            guard let type else { try? server.setPreferredInput(app, uid: nil); return }
            guard let port = server.availableInputs(for: app).first(where: { $0.portType == type }) else {
                refuse(step.verb, "no available input of type \(type.rawValue)", app: name)
                return
            }
            try? server.setPreferredInput(app, uid: port.uid)
        case let .overrideOutput(portOverride): try? server.overrideOutputAudioPort(app, portOverride)
        case let .setPreferredSampleRate(hertz): try? server.setPreferredSampleRate(app, hertz)
        case let .setPreferredIOBufferDuration(duration): try? server.setPreferredIOBufferDuration(app, duration)
        case .requestPermission:
            server.requestRecordPermission(app) { [weak self] granted in
                self?.server.recordObservation(.scenarioPermissionResponse, ["app": .string(name), "granted": .bool(granted)])
            }
        case let .answerPermission(granted):
            // The simulated user can only answer a dialog that is on screen.
            guard server.isShowingRecordPermissionDialog(app) else {
                refuse(step.verb, "no record permission dialog is showing", app: name)
                return
            }
            server.answerRecordPermission(app, granted: granted)
        }
    }

    /// A virtual microphone starts sounding into an input port channel.
    private func playInput(_ frequency: Int, into reference: String, channel: Int, step: ScenarioStep) {
        let port: Port
        switch ports.port(named: reference, direction: .input) {
        case let .success(found) where server.device.ports.contains(where: { $0.uid == found.uid }) && channel <= found.channels.count:
            port = found
        case let .failure(error):
            refuse(step.verb, error.message)
            return
        default:
            refuse(step.verb, "\(reference) is not attached now, or has no channel \(channel)")
            return
        }
        server.attachInputSource(portUID: port.uid, channel: channel,
                                 source: .sine(frequency: Double(frequency), amplitude: Self.inputToneAmplitude))
    }
}
