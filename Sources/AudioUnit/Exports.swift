// On Apple platforms the AudioUnit module is AudioToolbox's Audio Unit headers under their older
// framework name; apps that `import AudioUnit` get the same API.
@_exported import AudioToolbox
