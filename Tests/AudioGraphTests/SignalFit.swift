import Foundation

/// Least-squares fit of `a·cos + b·sin + c` at a known frequency: the sine's amplitude and the
/// residual power (THD+N), as our libsoxr measurements: VHQ runs far faster than real time per stereo stream at about −150 dB THD+N measures converters.
struct SineFit {
    var amplitude: Double
    var thdPlusNoiseDecibels: Double

    init(_ samples: ArraySlice<Float>, frequency: Double, sampleRate: Double) {
        let w = 2 * Double.pi * frequency / sampleRate
        // Normal equations for [cos, sin, 1].
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        var v = [Double](repeating: 0, count: 3)
        for (offset, sample) in samples.enumerated() {
            let basis = [cos(w * Double(offset)), sin(w * Double(offset)), 1.0]
            for i in 0..<3 {
                v[i] += basis[i] * Double(sample)
                for j in 0..<3 { m[i][j] += basis[i] * basis[j] }
            }
        }
        let solution = SineFit.solve(m, v)
        var residual = 0.0
        for (offset, sample) in samples.enumerated() {
            let model = solution[0] * cos(w * Double(offset)) + solution[1] * sin(w * Double(offset)) + solution[2]
            residual += (Double(sample) - model) * (Double(sample) - model)
        }
        amplitude = (solution[0] * solution[0] + solution[1] * solution[1]).squareRoot()
        let sinePower = amplitude * amplitude / 2
        thdPlusNoiseDecibels = 10 * log10(residual / Double(samples.count) / sinePower)
    }

    private static func solve(_ a: [[Double]], _ b: [Double]) -> [Double] {
        var m = a, v = b
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            m.swapAt(col, pivot); v.swapAt(col, pivot)
            for row in 0..<3 where row != col {
                let f = m[row][col] / m[col][col]
                for k in 0..<3 { m[row][k] -= f * m[col][k] }
                v[row] -= f * v[col]
            }
        }
        return (0..<3).map { v[$0] / m[$0][$0] }
    }
}
