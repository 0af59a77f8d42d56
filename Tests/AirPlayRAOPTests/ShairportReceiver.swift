import Foundation
import Glibc

/// Debian's shairport-sync (3.3.8, AirPlay 1) as a loopback receiver for one test, writing what it
/// plays to a file: started on a free port with its own configuration and its own private D-Bus
/// bus, stopped (both processes, by their PIDs) when the test is done with it.
///
/// shairport-sync cannot run without an mDNS backend (the Debian build has only Avahi and dies
/// without it), and its Avahi client needs a D-Bus system bus, though not an avahi-daemon: a
/// private `dbus-daemon` given to it as the system bus is enough (a Unix socket in the test's
/// folder, no TCP). It then advertises nothing. It listens on loopback only: it has no setting for
/// that, so `loopback-bind.c`, preloaded, turns its wildcard binds into loopback ones.
final class ShairportReceiver: @unchecked Sendable {
    private(set) var port: UInt16 = 0
    let output: URL
    let log: URL
    private let folder: URL
    private var busLog: URL { folder.appendingPathComponent("dbus.log") }
    private var processes: [pid_t] = []

    static var installed: Bool {
        ["/usr/bin/shairport-sync", "/usr/bin/dbus-daemon"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts the receiver; when shairport-sync finds its port taken ("unable to listen on IPv4
    /// port …: Address already in use": seen on CI for a port that was free a moment before, and
    /// reproduced by a socket bound to the port without listening), it starts again on new ports,
    /// up to three times.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-shairport-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        output = folder.appendingPathComponent("played.raw")
        log = folder.appendingPathComponent("shairport.log")
        for attempt in 1... {
            do {
                try start()
                return
            } catch let error as StartError where error.portTaken && attempt < 3 {
                try? FileManager.default.removeItem(at: log)
            }
        }
    }

    private func start() throws {
        port = try Self.freePort(type: SOCK_STREAM)
        let udpBase = try Self.freePort(type: SOCK_DGRAM)
        // The pipe backend writes into an existing regular file as into a pipe.
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let configuration = folder.appendingPathComponent("shairport.conf")
        try """
            general = { name = "Soundcheck test \(port)"; output_backend = "pipe"; port = \(port);
                        udp_port_base = \(udpBase); udp_port_range = 10; ignore_volume_control = "yes"; };
            sessioncontrol = { session_timeout = 20; };
            metadata = { enabled = "no"; };
            diagnostics = { log_verbosity = 1; };
            pipe = { name = "\(output.path)"; };
            """.write(to: configuration, atomically: true, encoding: .utf8)
        let bus = folder.appendingPathComponent("bus").path
        do {
            try? FileManager.default.removeItem(atPath: bus)
            processes.append(try Self.spawn("/usr/bin/dbus-daemon", ["--session", "--address=unix:path=\(bus)", "--nofork", "--nopidfile"],
                                            log: busLog.path))
            try waitUntil("the private D-Bus bus at \(bus)") { FileManager.default.fileExists(atPath: bus) }
            processes.append(try Self.spawn("/usr/bin/shairport-sync", ["-c", configuration.path, "-u"], log: log.path,
                                            environment: ["DBUS_SYSTEM_BUS_ADDRESS=unix:path=\(bus)",
                                                          "LD_PRELOAD=\(try Self.loopbackBind(in: folder))"]))
            try waitUntil("shairport-sync listening on port \(port)") { Self.accepts(port: port) }
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the receiver has played so far: interleaved stereo, native-endian 16-bit.
    func played() -> [Int16] {
        let data = (try? Data(contentsOf: output)) ?? Data()
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Stops both processes (as shairport-sync exiting would end a stream).
    func stop() {
        for pid in processes.reversed() {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { usleep(100_000) }
            if waitpid(pid, &status, WNOHANG) == 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }
        processes = []
    }

    struct StartError: Error, CustomStringConvertible {
        let description: String
        /// shairport-sync said another socket holds its port: worth starting again on another.
        var portTaken = false
    }

    /// Builds `loopback-bind.c` (beside this file) into a shared library in `folder`, with the C
    /// compiler that comes with the Swift toolchain (or the system's `cc`).
    private static func loopbackBind(in folder: URL) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("loopback-bind.c").path
        let library = folder.appendingPathComponent("loopback-bind.so").path
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        guard let compiler = ["clang", "cc"].lazy.flatMap({ name in path.map { "\($0)/\(name)" } })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw StartError(description: "no C compiler (clang or cc) on PATH to build \(source)")
        }
        let buildLog = folder.appendingPathComponent("loopback-bind.log").path
        let pid = try spawn(compiler, ["-shared", "-fPIC", "-O2", "-o", library, source, "-ldl"], log: buildLog)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else {
            throw StartError(description: "\(compiler) could not build \(source): \((try? String(contentsOfFile: buildLog, encoding: .utf8)) ?? "")")
        }
        return library
    }

    /// The addresses listening on TCP `port` (IPv4 and IPv6), read from /proc/net/tcp and tcp6:
    /// what `ss -ltn` shows, in the kernel's hex (`0100007F` is 127.0.0.1).
    static func listeningAddresses(port: UInt16) -> [String] {
        ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { table -> [String] in
            let rows = ((try? String(contentsOfFile: table, encoding: .utf8)) ?? "").split(separator: "\n").dropFirst()
            return rows.compactMap { row -> String? in
                let fields = row.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A" else { return nil }   // 0A: LISTEN
                let local = fields[1].split(separator: ":")
                guard local.count == 2, UInt16(local[1], radix: 16) == port else { return nil }
                return String(local[0])
            }
        }
    }

    private static func spawn(_ path: String, _ arguments: [String], log: String, environment: [String] = []) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let inherited = ProcessInfo.processInfo.environment.filter { $0.key != "DBUS_SYSTEM_BUS_ADDRESS" }.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = (inherited + environment).map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw StartError(description: "cannot start \(path): errno \(status)") }
        return pid
    }

    /// Polls `ready` for up to 30 s, generous because the rest of the suite loads both cores beside
    /// this one. A process of ours that exits meanwhile ends the wait at once; either way the error
    /// carries the logs, since the folder holding them is deleted with the receiver.
    private func waitUntil(_ what: String, _ ready: () -> Bool) throws {
        for _ in 0..<600 {
            if ready() { return }
            if logText.contains("Address already in use") {
                throw StartError(description: "shairport-sync found its port taken while waiting for \(what); logs:\n\(logs())", portTaken: true)
            }
            if let exited = processes.firstIndex(where: { pid in var status: Int32 = 0; return waitpid(pid, &status, WNOHANG) == pid }) {
                processes.remove(at: exited)  // reaped: stop() must not signal its PID again
                throw StartError(description: "a receiver process exited while waiting for \(what); its log:\n\(logs())")
            }
            usleep(50_000)
        }
        throw StartError(description: "gave up waiting for \(what) after 30 s; logs:\n\(logs())")
    }

    private func logs() -> String {
        [log, busLog].map { url in
            "\(url.lastPathComponent): \((try? String(contentsOf: url, encoding: .utf8)) ?? "(none)")"
        }.joined(separator: "\n")
    }

    /// A port that binds now, below Linux's ephemeral range (32768–60999). A port the kernel hands
    /// out is in that range, where any process's next outgoing connection may take it as its source
    /// port before shairport-sync binds it: seen in CI as "unable to listen on IPv4 port …: Address
    /// already in use", with the other suites' connections running beside this one.
    private static func freePort(type: __socket_type) throws -> UInt16 {
        for _ in 0..<200 {
            let port = UInt16.random(in: 20_000...32_000)
            let descriptor = socket(AF_INET, Int32(type.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            if bound { return port }
        }
        throw StartError(description: "no free port between 20000 and 32000")
    }

    static func accepts(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
