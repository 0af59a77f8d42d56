internal import COpenAL

// OpenAL's types and the constants games use, with the spellings and values Swift imports from
// Apple's OpenAL.framework (al.h / alc.h); the values are OpenAL Soft's, which are the standard's.

public typealias ALboolean = Int8
public typealias ALchar = Int8
public typealias ALint = Int32
public typealias ALuint = UInt32
public typealias ALsizei = Int32
public typealias ALenum = Int32
public typealias ALfloat = Float
public typealias ALdouble = Double
public typealias ALCboolean = Int8
public typealias ALCchar = Int8
public typealias ALCint = Int32
public typealias ALCuint = UInt32
public typealias ALCsizei = Int32
public typealias ALCenum = Int32

public let AL_NONE: Int32 = COpenAL.AL_NONE
public let AL_FALSE: Int32 = COpenAL.AL_FALSE
public let AL_TRUE: Int32 = COpenAL.AL_TRUE
public let AL_SOURCE_RELATIVE: Int32 = COpenAL.AL_SOURCE_RELATIVE
public let AL_PITCH: Int32 = COpenAL.AL_PITCH
public let AL_POSITION: Int32 = COpenAL.AL_POSITION
public let AL_VELOCITY: Int32 = COpenAL.AL_VELOCITY
public let AL_LOOPING: Int32 = COpenAL.AL_LOOPING
public let AL_BUFFER: Int32 = COpenAL.AL_BUFFER
public let AL_GAIN: Int32 = COpenAL.AL_GAIN
public let AL_MIN_GAIN: Int32 = COpenAL.AL_MIN_GAIN
public let AL_MAX_GAIN: Int32 = COpenAL.AL_MAX_GAIN
public let AL_ORIENTATION: Int32 = COpenAL.AL_ORIENTATION
public let AL_SOURCE_STATE: Int32 = COpenAL.AL_SOURCE_STATE
public let AL_INITIAL: Int32 = COpenAL.AL_INITIAL
public let AL_PLAYING: Int32 = COpenAL.AL_PLAYING
public let AL_PAUSED: Int32 = COpenAL.AL_PAUSED
public let AL_STOPPED: Int32 = COpenAL.AL_STOPPED
public let AL_REFERENCE_DISTANCE: Int32 = COpenAL.AL_REFERENCE_DISTANCE
public let AL_ROLLOFF_FACTOR: Int32 = COpenAL.AL_ROLLOFF_FACTOR
public let AL_MAX_DISTANCE: Int32 = COpenAL.AL_MAX_DISTANCE
public let AL_FORMAT_MONO8: Int32 = COpenAL.AL_FORMAT_MONO8
public let AL_FORMAT_MONO16: Int32 = COpenAL.AL_FORMAT_MONO16
public let AL_FORMAT_STEREO8: Int32 = COpenAL.AL_FORMAT_STEREO8
public let AL_FORMAT_STEREO16: Int32 = COpenAL.AL_FORMAT_STEREO16
public let AL_NO_ERROR: Int32 = COpenAL.AL_NO_ERROR
public let AL_INVALID_NAME: Int32 = COpenAL.AL_INVALID_NAME
public let AL_INVALID_ENUM: Int32 = COpenAL.AL_INVALID_ENUM
public let AL_INVALID_VALUE: Int32 = COpenAL.AL_INVALID_VALUE
public let AL_INVALID_OPERATION: Int32 = COpenAL.AL_INVALID_OPERATION
public let AL_OUT_OF_MEMORY: Int32 = COpenAL.AL_OUT_OF_MEMORY
public let AL_DISTANCE_MODEL: Int32 = COpenAL.AL_DISTANCE_MODEL
public let AL_INVERSE_DISTANCE: Int32 = COpenAL.AL_INVERSE_DISTANCE
public let AL_INVERSE_DISTANCE_CLAMPED: Int32 = COpenAL.AL_INVERSE_DISTANCE_CLAMPED
public let AL_LINEAR_DISTANCE_CLAMPED: Int32 = COpenAL.AL_LINEAR_DISTANCE_CLAMPED
public let ALC_FALSE: Int32 = COpenAL.ALC_FALSE
public let ALC_TRUE: Int32 = COpenAL.ALC_TRUE
public let ALC_FREQUENCY: Int32 = COpenAL.ALC_FREQUENCY
public let ALC_NO_ERROR: Int32 = COpenAL.ALC_NO_ERROR
public let ALC_INVALID_DEVICE: Int32 = COpenAL.ALC_INVALID_DEVICE
public let ALC_INVALID_CONTEXT: Int32 = COpenAL.ALC_INVALID_CONTEXT
