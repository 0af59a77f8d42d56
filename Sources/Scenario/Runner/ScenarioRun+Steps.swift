import MediaServer
import SimCore
import VirtualDevices

/// Carrying out one step at its time: a device event, or an app acting on its session.
extension ScenarioRun {
    func perform(_ step: ScenarioStep, number: Int) {
        recordSide("scenario.step", ["step": .integer(number), "do": .string(step.verb), "line": .integer(step.line)])
        switch step.action {
        case let .device(event): apply(event, step: step)
        case let .app(name, action): perform(action, app: name, step: step)
        }
        rememberPorts()
    }

    private func apply(_ event: DeviceEvent, step: ScenarioStep) {
        do {
            try server.apply(event)
        } catch {
            recordSide("device.refused", ["event": .string(step.verb), "reason": .string(error.description)])
            return
        }
        switch event {
        case let .launch(name): launch(name)
        case let .terminate(name): apps[name] = nil
        default: break
        }
    }

    /// Creates the app's object inside its own context, once per launch.
    private func launch(_ name: String) {
        guard let declaration = scenario.app(named: name), let model = registry.model(named: declaration.model) else { return }
        let log = appLog(for: declaration)
        var configuration = declaration.configuration
        configuration.playsSound = scenario.checksAudio
        apps[name] = server.inAppContext(AppID(name)) { model.make(configuration, log) }
    }

    private func appLog(for declaration: AppDeclaration) -> AppLog {
        let kind = "app.\(declaration.model)."
        let name = declaration.name
        return AppLog { [weak self] what, fields in
            var traceFields = fields.mapValues { TraceValue.string($0) }
            traceFields["app"] = .string(name)
            self?.recordSide(kind + what, traceFields)
        }
    }

    private func perform(_ action: AppAction, app name: String, step: ScenarioStep) {
        let app = AppID(name)
        // Errors are in the trace as `api.*` lines with their result; expectations check them there.
        switch action {
        case let .setCategory(category, mode, options):
            try? server.setCategory(app, category, mode: mode, options: options)
        case let .setMode(mode): try? server.setMode(app, mode)
        case .activate: try? server.setActive(app, true)
        case let .deactivate(notifyOthers):
            try? server.setActive(app, false, options: notifyOthers ? .notifyOthersOnDeactivation : [])
        case let .command(command):
            guard let object = apps[name] else {
                recordSide("device.refused", ["app": .string(name), "event": .string(command), "reason": "the app is not running"])
                return
            }
            server.inAppContext(app) { object.perform(command) }
        case let .setPreferredInput(type):
            guard let type else { try? server.setPreferredInput(app, uid: nil); return }
            guard let port = server.availableInputs(for: app).first(where: { $0.portType == type }) else {
                recordSide("device.refused", ["app": .string(name), "event": .string(step.verb),
                                            "reason": .string("no available input of type \(type.rawValue)")])
                return
            }
            try? server.setPreferredInput(app, uid: port.uid)
        case let .overrideOutput(portOverride): try? server.overrideOutputAudioPort(app, portOverride)
        case let .setPreferredSampleRate(hertz): try? server.setPreferredSampleRate(app, hertz)
        case let .setPreferredIOBufferDuration(duration): try? server.setPreferredIOBufferDuration(app, duration)
        case .requestPermission:
            server.requestRecordPermission(app) { [weak self] granted in
                self?.recordSide("scenario.permission-response", ["app": .string(name), "granted": .bool(granted)])
            }
        case let .answerPermission(granted): server.answerRecordPermission(app, granted: granted)
        }
    }
}
