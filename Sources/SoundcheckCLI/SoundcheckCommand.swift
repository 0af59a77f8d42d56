import ArgumentParser

/// `soundcheck`: the command-line front of the bench.
@main
struct SoundcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundcheck",
        abstract: "A deterministic simulation and conformance bench for Apple's audio stack.",
        discussion: """
            Soundcheck simulates an iPhone, iPad or Mac with its audio ports, accessories, switches, \
            calls and faults, on an integer clock, so that the same script and seed always give the \
            same trace.
            """,
        subcommands: [DevicesCommand.self, SimulateCommand.self, RunCommand.self, ReplayCommand.self, ExploreCommand.self, ConformanceCommand.self, DoctorCommand.self, BLEMIDICommand.self, AirPlayCommand.self]
    )
}
