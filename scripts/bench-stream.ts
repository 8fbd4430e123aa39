/**
 * `npm run bench:stream`: N concurrent real-time listeners against a real media sidecar, on
 * loopback. Each `ws` client plays a track at real-time pace: it asks for the 8 chunks ahead of its
 * playhead and then one more each second, as the player does. Prints clients held, chunk
 * latency (request sent -> frame received) p50/p99 over the whole run, without the opening bursts,
 * and settled (from SETTLED_AFTER_S on), bytes per second, sidecar CPU and RSS.
 *
 * Environment: BENCH_CLIENTS (200), BENCH_SECONDS (25), BENCH_TRACKS (4), BENCH_TRACK_SECONDS (180).
 */
import { readFileSync } from 'node:fs';
import { createRandom } from '../sidecar/engine/testing/signals.js';
import { encodeWav } from '../sidecar/engine/testing/wav-writer.js';
import { CHUNK_FRAMES } from '../sidecar/media/pcm.js';
import WebSocket from 'ws';
import { startMediaHarness } from '../sidecar/testing/media-harness.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 25);
const TRACKS = Number(process.env.BENCH_TRACKS ?? 4);
const TRACK_SECONDS = Number(process.env.BENCH_TRACK_SECONDS ?? 180);
const AHEAD = 8;
const PLAYER_TICK_MS = 25;
const CHUNK_SECONDS = CHUNK_FRAMES / 44100;
/** Requests from this time on count as the settled real-time regime (arrivals take the first second). */
const SETTLED_AFTER_S = 5;

function trackWav(seed: number): Buffer {
  const random = createRandom(seed);
  const data = new Float32Array(TRACK_SECONDS * 44100 * 2);
  let a = 0;
  for (let i = 0; i < data.length; i++) {
    a = 0.98 * a + 0.02 * (random() * 2 - 1);
    data[i] = a * 0.5 + (random() - 0.5) * 0.05;
  }
  return encodeWav({ data, sampleRate: 44100, channels: 2 }, { format: 'pcm16' });
}

/** utime + stime of a process in clock ticks, and its resident set in bytes. */
function processUsage(pid: number): { ticks: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { ticks, rss: rssKb * 1024 };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

interface Listener {
  client: WebSocket;
  trackId: string;
  token: string;
  startChunk: number;
  startedAt: number;
  requestedUpTo: number;
  totalChunks: number;
  sentAt: Map<number, number>;
  burst: Set<number>;
  latencies: { ms: number; steady: boolean; requestedAtS: number }[];
  bytes: number;
  errors: number;
  closed: boolean;
}

async function main() {
  console.log(`bench:stream: ${CLIENTS} listeners, ${SECONDS} s, ${TRACKS} tracks of ${TRACK_SECONDS} s (stereo, 1 s chunks of ${CHUNK_FRAMES * 4} bytes)`);
  const harness = await startMediaHarness({ LOG_LEVEL: 'warn' });
  const pid = harness.media.child.pid!;
  try {
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => harness.createUser(`bench${i}@example.com`)));
    const tracks = [];
    for (let i = 0; i < TRACKS; i++) tracks.push(await harness.createTrack(users[i % users.length]!.id, trackWav(100 + i), { sampleRate: 44100, channels: 2 }));
    const random = createRandom(42);
    const totalChunks = Math.ceil((TRACK_SECONDS * 44100) / CHUNK_FRAMES);

    // Warm-up: each track decoded once (the decode is not what this measures).
    const warm = await harness.connect();
    // (the warm-up client records what it receives; the listeners below do not)
    for (const [i, track] of tracks.entries()) {
      warm.send('request-meta', users[i % users.length]!.token, { trackId: track.trackId });
      await warm.nextJson('meta', i, 60_000);
    }
    warm.close();

    // Plain ws clients (nothing recorded but sizes and times), all connected before playback starts.
    const sockets = await Promise.all(
      Array.from(
        { length: CLIENTS },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(harness.media.mediaUrl, { perMessageDeflate: false });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    const listeners: Listener[] = [];
    const usageBefore = processUsage(pid);
    const benchBefore = process.cpuUsage();
    let peakRss = usageBefore.rss;
    const started = performance.now();
    const rssTimer = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, processUsage(pid).rss);
      } catch {
        // sidecar gone: reported below
      }
    }, 500);

    const request = (l: Listener, upTo: number, burst: boolean) => {
      const indices: number[] = [];
      for (let i = l.requestedUpTo + 1; i <= Math.min(upTo, l.totalChunks - 1); i++) indices.push(i);
      if (indices.length === 0) return;
      const now = performance.now();
      for (const i of indices) {
        l.sentAt.set(i, now);
        if (burst) l.burst.add(i);
      }
      l.requestedUpTo = indices.at(-1)!;
      l.client.send(JSON.stringify({ event: 'request-chunks', token: l.token, payload: { trackId: l.trackId, styleIndex: -1, styleId: null, chunkIndices: indices } }));
    };

    // Listeners press play spread over the first second, like a crowd arriving.
    for (const [n, client] of sockets.entries()) {
      const index = n % tracks.length;
      const startChunk = Math.floor(random() * Math.max(1, totalChunks - SECONDS - AHEAD - 2));
      const l: Listener = {
        client,
        trackId: tracks[index]!.trackId,
        token: users[index % users.length]!.token,
        startChunk,
        startedAt: performance.now(),
        requestedUpTo: startChunk - 1,
        totalChunks,
        sentAt: new Map(),
        burst: new Set(),
        latencies: [],
        bytes: 0,
        errors: 0,
        closed: false,
      };
      client.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) {
          if (data.toString().includes('"error-message"')) l.errors++;
          return;
        }
        l.bytes += data.length;
        const chunkIndex = data.readUInt32BE(6);
        const sent = l.sentAt.get(chunkIndex);
        if (sent !== undefined) {
          l.latencies.push({ ms: performance.now() - sent, steady: !l.burst.has(chunkIndex), requestedAtS: (sent - started) / 1000 });
          l.sentAt.delete(chunkIndex);
        }
      });
      client.on('close', () => (l.closed = true));
      listeners.push(l);
      request(l, startChunk + AHEAD - 1, true);
      if (n % 20 === 19) await new Promise((r) => setTimeout(r, 100));
    }

    // Playback: the playhead moves in real time; the buffer is kept AHEAD chunks ahead of it,
    // checked every PLAYER_TICK_MS as the player's own timer does (player-controller.ts).
    const tick = setInterval(() => {
      const now = performance.now();
      for (const l of listeners) {
        if (l.closed) continue;
        const playhead = l.startChunk + Math.floor((now - l.startedAt) / 1000 / CHUNK_SECONDS);
        request(l, playhead + AHEAD - 1, false);
      }
    }, PLAYER_TICK_MS);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    clearInterval(tick);
    clearInterval(rssTimer);
    const elapsed = (performance.now() - started) / 1000;
    const usageAfter = processUsage(pid);
    const benchCpu = process.cpuUsage(benchBefore);
    peakRss = Math.max(peakRss, usageAfter.rss);

    const all = listeners.flatMap((l) => l.latencies.map((x) => x.ms)).sort((a, b) => a - b);
    // Time to first audio: each listener's first chunk (its burst is sent lowest index first).
    const firsts = listeners.map((l) => l.latencies[0]?.ms).filter((ms): ms is number => ms !== undefined).sort((a, b) => a - b);
    const steady = listeners.flatMap((l) => l.latencies.filter((x) => x.steady).map((x) => x.ms)).sort((a, b) => a - b);
    // Once every listener has arrived and its opening burst is delivered: the real-time regime.
    const settled = listeners.flatMap((l) => l.latencies.filter((x) => x.steady && x.requestedAtS >= SETTLED_AFTER_S).map((x) => x.ms)).sort((a, b) => a - b);
    const outstanding = listeners.reduce((sum, l) => sum + [...l.sentAt.values()].filter((t) => performance.now() - t > 1000).length, 0);
    const bytes = listeners.reduce((sum, l) => sum + l.bytes, 0);
    const held = listeners.filter((l) => !l.closed).length;
    const errors = listeners.reduce((sum, l) => sum + l.errors, 0);
    const ticksPerSecond = 100;
    const cpu = ((usageAfter.ticks - usageBefore.ticks) / ticksPerSecond / elapsed) * 100;
    const result = {
      clients: CLIENTS,
      clientsHeld: held,
      seconds: Math.round(elapsed * 10) / 10,
      chunksReceived: all.length,
      chunksLate: outstanding,
      errors,
      latencyMs: { p50: round(percentile(all, 50)), p99: round(percentile(all, 99)), max: round(all.at(-1) ?? NaN) },
      firstChunkMs: { p50: round(percentile(firsts, 50)), p99: round(percentile(firsts, 99)) },
      steadyLatencyMs: { p50: round(percentile(steady, 50)), p99: round(percentile(steady, 99)) },
      settledLatencyMs: { p50: round(percentile(settled, 50)), p99: round(percentile(settled, 99)), chunks: settled.length },
      bytesPerSecond: Math.round(bytes / elapsed),
      sidecarCpuPercent: Math.round(cpu),
      benchProcessCpuPercent: Math.round(((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100),
      sidecarRssMb: { end: round(usageAfter.rss / 1048576), peak: round(peakRss / 1048576) },
    };
    console.log(`clients held         ${held}/${CLIENTS}`);
    console.log(`chunks received      ${all.length} (late > 1 s outstanding: ${outstanding}, errors: ${errors})`);
    console.log(`chunk latency        p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms (max ${result.latencyMs.max} ms)`);
    console.log(`  first chunk        p50 ${result.firstChunkMs.p50} ms, p99 ${result.firstChunkMs.p99} ms (time to first audio of each listener)`);
    console.log(`  steady state       p50 ${result.steadyLatencyMs.p50} ms, p99 ${result.steadyLatencyMs.p99} ms (after each client's first 8-chunk burst)`);
    console.log(`  settled            p50 ${result.settledLatencyMs.p50} ms, p99 ${result.settledLatencyMs.p99} ms (${settled.length} chunks asked for from ${SETTLED_AFTER_S} s on, the crowd arrived)`);
    console.log(`throughput           ${(result.bytesPerSecond / 1048576).toFixed(1)} MiB/s`);
    console.log(`sidecar CPU          ${result.sidecarCpuPercent}% of one core`);
    console.log(`bench process CPU    ${result.benchProcessCpuPercent}% of one core (the clients and the in-process web app)`);
    console.log(`sidecar RSS          ${result.sidecarRssMb.end} MB at end, ${result.sidecarRssMb.peak} MB peak`);
    const pass = held === CLIENTS && result.settledLatencyMs.p99 < 50 && result.sidecarRssMb.peak < 400;
    console.log(`target (all held, settled real-time p99 < 50 ms, RSS < 400 MB): ${pass ? 'met' : 'NOT met'}`);
    console.log(JSON.stringify(result));
    for (const l of listeners) l.client.terminate();
  } finally {
    await harness.stop();
  }
}

const round = (x: number) => Math.round(x * 10) / 10;

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
