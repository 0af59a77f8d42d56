/// The availability macros of AVFAudio's headers, which Swift imports as `Int32` globals. Each is 1
/// on iOS: the API it guards (an engine's `AUAudioUnit` and music sequence, a format's Core Media
/// description, the I/O and unit nodes' `AudioUnit`, a component's `AudioComponent`) exists there.
public let AVAUDIOENGINE_HAVE_AUAUDIOUNIT: Int32 = 1
public let AVAUDIOENGINE_HAVE_MUSICPLAYER: Int32 = 1
public let AVAUDIOFORMAT_HAVE_CMFORMATDESCRIPTION: Int32 = 1
public let AVAUDIOIONODE_HAVE_AUDIOUNIT: Int32 = 1
public let AVAUDIONODE_HAVE_AUAUDIOUNIT: Int32 = 1
public let AVAUDIOUNITCOMPONENT_HAVE_AUDIOCOMPONENT: Int32 = 1
public let AVAUDIOUNIT_HAVE_AUDIOUNIT: Int32 = 1
