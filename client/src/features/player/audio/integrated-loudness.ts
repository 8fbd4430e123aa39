/**
 * Integrated loudness (ITU-R BS.1770-4) of audio decoded in the browser: K-weighting (the standard's
 * shelf and high-pass, their coefficients derived for any rate as libebur128 does), 400 ms blocks
 * every 100 ms, the absolute gate at -70 LUFS and the relative gate 10 LU under. Channels are
 * weighted 1 (left, right, centre); a mono file measures as one channel. Null for silence.
 *
 * The player measures a reference track with it, which it decodes itself (the media process never
 * streams references), so the reference can be heard at the master's loudness.
 */
const SHELF = { f0: 1681.974450955533, gainDb: 3.999843853973347, q: 0.7071752369554196 };
const HIGH_PASS = { f0: 38.13547087602444, q: 0.5003270373238773 };
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = 10;

interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfK = Math.tan((Math.PI * SHELF.f0) / sampleRate);
  const vh = Math.pow(10, SHELF.gainDb / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  const shelfA0 = 1 + shelfK / SHELF.q + shelfK * shelfK;
  const shelf: Biquad = {
    b: [(vh + (vb * shelfK) / SHELF.q + shelfK * shelfK) / shelfA0, (2 * (shelfK * shelfK - vh)) / shelfA0, (vh - (vb * shelfK) / SHELF.q + shelfK * shelfK) / shelfA0],
    a: [(2 * (shelfK * shelfK - 1)) / shelfA0, (1 - shelfK / SHELF.q + shelfK * shelfK) / shelfA0],
  };
  const passK = Math.tan((Math.PI * HIGH_PASS.f0) / sampleRate);
  const passA0 = 1 + passK / HIGH_PASS.q + passK * passK;
  const highPass: Biquad = { b: [1, -2, 1], a: [(2 * (passK * passK - 1)) / passA0, (1 - passK / HIGH_PASS.q + passK * passK) / passA0] };
  return [shelf, highPass];
}

/** The K-weighted channel's energy in each 100 ms step (the blocks are four steps). */
function stepEnergies(samples: Float32Array, sampleRate: number, stepFrames: number): Float64Array {
  const [shelf, highPass] = kWeighting(sampleRate);
  const steps = new Float64Array(Math.floor(samples.length / stepFrames));
  // Direct form I, both stages in one pass.
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0, z1 = 0, z2 = 0;
  for (let i = 0; i < steps.length * stepFrames; i++) {
    const x = samples[i]!;
    const y = shelf.b[0] * x + shelf.b[1] * x1 + shelf.b[2] * x2 - shelf.a[0] * y1 - shelf.a[1] * y2;
    x2 = x1;
    x1 = x;
    const z = highPass.b[0] * y + highPass.b[1] * y1 + highPass.b[2] * y2 - highPass.a[0] * z1 - highPass.a[1] * z2;
    y2 = y1;
    y1 = y;
    z2 = z1;
    z1 = z;
    steps[Math.floor(i / stepFrames)]! += z * z;
  }
  return steps;
}

const loudnessOf = (power: number) => -0.691 + 10 * Math.log10(power);

export function integratedLoudness(channels: readonly Float32Array[], sampleRate: number): number | null {
  const stepFrames = Math.round(sampleRate / 10);
  const blockFrames = stepFrames * 4;
  const perChannel = channels.map((samples) => stepEnergies(samples, sampleRate, stepFrames));
  const stepCount = perChannel[0]?.length ?? 0;
  const blocks: number[] = [];
  for (let first = 0; first + 4 <= stepCount; first++) {
    let power = 0;
    for (const steps of perChannel) power += (steps[first]! + steps[first + 1]! + steps[first + 2]! + steps[first + 3]!) / blockFrames;
    blocks.push(power);
  }
  const aboveAbsolute = blocks.filter((power) => power > 0 && loudnessOf(power) > ABSOLUTE_GATE_LUFS);
  if (aboveAbsolute.length === 0) return null;
  const mean = (powers: number[]) => powers.reduce((sum, power) => sum + power, 0) / powers.length;
  const relativeGate = loudnessOf(mean(aboveAbsolute)) - RELATIVE_GATE_LU;
  return loudnessOf(mean(aboveAbsolute.filter((power) => loudnessOf(power) > relativeGate)));
}
