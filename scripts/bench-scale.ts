/**
 * `npm run bench:scale`: two web and two media processes on one PostgreSQL database
 * and one storage folder, behind a round-robin reverse proxy on loopback, as a deployment on two
 * machines would run. Then, all through the proxy:
 *
 * 1. BENCH_USERS users sign up (mail link from the outbox), sign in, upload a generated WAV,
 *    prepare it and bounce a style over the media socket as the SPA does;
 * 2. BENCH_LISTENERS listeners stream the masters at real-time pace for BENCH_SECONDS while every
 *    user bounces a second style at the same time;
 * 3. the kill test: a longer track is bounced, the media process doing the bounce is killed
 *    (SIGKILL) halfway; the bounce must finish on the other process, the user's socket reconnects
 *    through the proxy and hears the stored master, listeners of the dead process reconnect and get
 *    every chunk they asked for, and no partial file and no child of the dead process remains.
 *
 * Prints throughput, chunk latency, queue wait (as the clients saw it, and the web processes'
 * job_queue_* metrics), recovery time and PASS/FAIL; exits 1 on FAIL. Every process it started
 * and its database are removed at the end, also on failure.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: where the run's
 * database is created), BENCH_USERS (20), BENCH_LISTENERS (200), BENCH_SECONDS (20),
 * BENCH_TRACK_SECONDS (30), BENCH_KILL_TRACK_SECONDS (120), BENCH_MEDIA_LEASE_S (10); BENCH_LOG_LEVEL
 * (warn) for the processes and BENCH_LOG_LINES (15) of each printed when something failed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { musicLike } from '../sidecar/engine/testing/signals.js';
import { encodeWav } from '../sidecar/engine/testing/wav-writer.js';
import { CHUNK_FRAMES, s24leToS16le } from '../sidecar/media/pcm.js';
import { lastLinkTo } from '../src/test/outbox.js';
import type { TStyleGroup } from '../src/modules/catalogue/index.js';
import { apiClient, SocketClient, SocketClosedError, trpcQuery, type Api, type JsonMessage } from './lib/scale-clients.js';
import {
  clusterOutputs,
  cpuTicks,
  createBenchDatabase,
  descendantsOf,
  freePort,
  killAllNow,
  processesMentioning,
  startClusterProcess,
  stillRunning,
  stopAll,
  type ClusterProcess,
} from './lib/scale-cluster.js';
import { Listener, percentile, type ListenTarget } from './lib/scale-listeners.js';
import { CONTROL_PATH, type Backend } from './lib/scale-proxy.js';
import { startMetricsSampler } from './lib/scale-metrics.js';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TRACK_SECONDS = Number(process.env.BENCH_TRACK_SECONDS ?? 30);
const KILL_TRACK_SECONDS = Number(process.env.BENCH_KILL_TRACK_SECONDS ?? 120);
const MEDIA_LEASE_S = Number(process.env.BENCH_MEDIA_LEASE_S ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-password-1234';
const PLAYER_TICK_MS = 25;
/** Long enough for a bounce that must wait for a lease to run out and then run again. */
const KILL_RECOVERY_TIMEOUT_MS = 240_000;

/** Removes the run's database and data directory; set once they exist, so an interrupted run removes them too. */
let dropDatabase: (() => Promise<void>) | null = null;
let removeDataDir: (() => Promise<void>) | null = null;

const round = (x: number) => Math.round(x * 10) / 10;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], q: number) => round(percentile(sorted(values), q));
const say = (line: string) => console.log(line);

interface User {
  index: number;
  email: string;
  api: Api;
  token: string;
  socket: SocketClient;
  trackId: string;
  masters: { masterId: string; styleId: number; styleIndex: number }[];
}

interface Timing {
  /** Request sent to the job running (no queue position any more). */
  waitMs: number;
  totalMs: number;
}

/** Time a job spent waiting in line, as the client saw it: until the first progress after the last one that carried a queue position. */
function timingOf(messages: JsonMessage[], event: string, sentAt: number, doneAt: number): Timing {
  const ofJob = messages.filter((m) => m.event === event && m.at >= sentAt && m.at <= doneAt);
  const lastQueued = ofJob.findLastIndex((m) => m.payload.queuePosition !== undefined);
  const started = lastQueued >= 0 ? (ofJob[lastQueued + 1] ?? ofJob.at(-1)!) : ofJob[0];
  return { waitMs: (started ? started.at : doneAt) - sentAt, totalMs: doneAt - sentAt };
}

async function prepare(user: User): Promise<Timing> {
  const from = user.socket.messages.length;
  const sentAt = performance.now();
  user.socket.send('request-mastering', user.token, { trackId: user.trackId });
  const done = await user.socket.until((m) => m.event === 'prepare-mastering' && m.payload.processed === true, `prepare (${user.email})`, 600_000, from);
  return timingOf(user.socket.messages.slice(from), 'prepare-mastering', sentAt, done.at);
}

async function bounce(user: User, style: { id: number; styleIndex: number }): Promise<Timing> {
  const from = user.socket.messages.length;
  const sentAt = performance.now();
  user.socket.send('end-mastering', user.token, { trackId: user.trackId, styleId: style.id });
  const done = await user.socket.until(
    (m) => m.event === 'bounce-progress' && m.payload.processed === true && m.payload.styleId === style.id,
    `bounce (${user.email})`,
    600_000,
    from,
  );
  user.masters.push({ masterId: String(done.payload.masterId), styleId: style.id, styleIndex: style.styleIndex });
  return timingOf(user.socket.messages.slice(from), 'bounce-progress', sentAt, done.at);
}

function wavOf(seconds: number, seed: number): Buffer {
  return encodeWav(musicLike({ seconds, seed, peakDb: -6 }), { format: 'pcm16' });
}

/** Every file under the data directory (storage, staging, copies) whose name marks it as written under a temporary name. */
async function partialFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && /\.part$|\.part\b|\.tmp$/.test(e.name)).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function main(): Promise<boolean> {
  say(`bench:scale: 2 web + 2 media processes behind a round-robin proxy, ${USERS} users mastering, ${LISTENERS} listeners for ${SECONDS} s`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'masterdeck-bench-scale-'));
  removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const database = await createBenchDatabase(ADMIN_URL);
  dropDatabase = database.drop;
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const sampler = { stop: () => {} } as { stop(): void };
  let clean = false;
  try {
    const ports = { webA: await freePort(), webB: await freePort(), internalA: await freePort(), internalB: await freePort(), mediaA: await freePort(), mediaB: await freePort(), proxy: await freePort() };
    const web: Backend[] = [
      { name: 'web-a', port: ports.webA, down: false },
      { name: 'web-b', port: ports.webB, down: false },
    ];
    const media: Backend[] = [
      { name: 'media-a', port: ports.mediaA, down: false },
      { name: 'media-b', port: ports.mediaB, down: false },
    ];
    const proxyProcess = await startClusterProcess('proxy', 'scripts/lib/scale-proxy-main.ts', ports.proxy, `${CONTROL_PATH}/counts`, {
      BENCH_PROXY: JSON.stringify({ port: ports.proxy, web, media }),
    });
    const proxy = proxyOf(ports.proxy);
    const base = `http://127.0.0.1:${proxy.port}`;
    const mediaUrl = `ws://127.0.0.1:${proxy.port}/ws`;
    const metricsToken = randomBytes(24).toString('hex');
    const shared = {
      DATABASE_URL: database.url,
      // One storage folder for all four (the disk driver: DATA_DIR/storage); the outbox is there too.
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      METRICS_TOKEN: metricsToken,
      MEDIA_SUPERVISED: 'false',
      TRUST_PROXY: '1',
      PUBLIC_URL: base,
      MEDIA_PUBLIC_URL: mediaUrl,
      MEDIA_JOB_LEASE_S: String(MEDIA_LEASE_S),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    };
    say(`database ${database.name}, storage ${dataDir}/storage, proxy on ${base}`);
    const started = performance.now();
    // The first web process applies the migrations; the second finds them applied.
    const webA = await startClusterProcess('web-a', 'src/server.ts', ports.webA, '/readyz', { ...shared, PORT: String(ports.webA), INTERNAL_PORT: String(ports.internalA), MEDIA_PORT: String(ports.mediaA) });
    const webB = await startClusterProcess('web-b', 'src/server.ts', ports.webB, '/readyz', { ...shared, PORT: String(ports.webB), INTERNAL_PORT: String(ports.internalB), MEDIA_PORT: String(ports.mediaB) });
    // Each media process asks its own machine's web process (INTERNAL_PORT is loopback-only).
    const [mediaA, mediaB] = await Promise.all([
      startClusterProcess('media-a', 'sidecar/main.ts', ports.mediaA, '/healthz', { ...shared, MEDIA_PORT: String(ports.mediaA), INTERNAL_PORT: String(ports.internalA) }),
      startClusterProcess('media-b', 'sidecar/main.ts', ports.mediaB, '/healthz', { ...shared, MEDIA_PORT: String(ports.mediaB), INTERNAL_PORT: String(ports.internalB) }),
    ]);
    const mediaProcesses: ClusterProcess[] = [mediaA!, mediaB!];
    say(`cluster up in ${round((performance.now() - started) / 1000)} s (web ${webA.pid}, ${webB.pid}; media ${mediaA!.pid}, ${mediaB!.pid})`);
    const metrics = startMetricsSampler([ports.webA, ports.webB], metricsToken);
    sampler.stop = metrics.stop;

    // 1. Sign-up, confirmation, sign-in and upload, each user from a loopback address of its own.
    const phase1 = performance.now();
    const styles = await (async () => {
      const api = apiClient(proxy.port, '127.0.0.2');
      const groups = await api<{ result: { data: TStyleGroup[] } }>('GET', '/trpc/catalogue.styleGroups');
      return groups.result.data.filter((g) => g.enabled).flatMap((g) => g.styles.filter((s) => s.enabled)).map((s) => ({ id: s.id, styleIndex: s.styleIndex }));
    })();
    if (styles.length < 2) throw new Error('the catalogue has fewer than two enabled styles');
    const users: User[] = await Promise.all(
      Array.from({ length: USERS }, async (_, index) => {
        const email = `bench${index}@example.com`;
        const api = apiClient(proxy.port, `127.0.0.${10 + index}`);
        await api('POST', '/api/auth/register', { form: { email, password: PASSWORD, firstName: 'Bench', lastName: `User ${index}` } });
        const link = await lastLinkTo(path.join(dataDir, 'outbox'), email, 'verify-email');
        await api('POST', '/api/auth/verify-email', { form: { verifyToken: link.token } });
        const { accessToken } = await api<{ accessToken: string }>('POST', '/api/auth/login', { json: { email, password: PASSWORD } });
        const { id } = await api<{ id: string }>('POST', '/api/upload', {
          token: accessToken,
          file: { field: 'track', name: `bench-${index}.wav`, type: 'audio/wav', data: wavOf(TRACK_SECONDS, 100 + index) },
        });
        const { track } = await trpcQuery<{ track: { id: string } }>(api, 'masters.master', accessToken, { id });
        const socket = await SocketClient.open(mediaUrl);
        return { index, email, api, token: accessToken, socket, trackId: track.id, masters: [] };
      }),
    );
    const accountsS = (performance.now() - phase1) / 1000;
    say(`${USERS} users signed up, confirmed, signed in and uploaded ${TRACK_SECONDS} s WAVs in ${round(accountsS)} s`);

    // 2. Everyone prepares and bounces at once.
    const phase2 = performance.now();
    // A failed preparation or bounce is counted and reported; the run goes on with the others.
    const failures: string[] = [];
    const attempt = async <T>(work: () => Promise<T>): Promise<T | null> => {
      try {
        return await work();
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
        return null;
      }
    };
    const firstRound = await Promise.all(users.map((user) => attempt(async () => ({ prepare: await prepare(user), bounce: await bounce(user, styles[user.index % styles.length]!) }))));
    const masteringS = (performance.now() - phase2) / 1000;
    const prep = firstRound.flatMap((r) => (r ? [r.prepare] : []));
    const first = firstRound.flatMap((r) => (r ? [r.bounce] : []));
    const mastered = users.filter((user) => user.masters.length > 0);
    say(`${mastered.length} of ${USERS} tracks prepared and bounced in ${round(masteringS)} s${failures.length ? ` (failed: ${failures.join('; ')})` : ''}`);
    if (mastered.length === 0) throw new Error('no track was mastered: nothing to listen to');

    // 3. Listeners stream the masters: alone, then while every user bounces a second style.
    const everyProcess = [webA, webB, mediaA!, mediaB!, proxyProcess];
    const alone = await listenFor(mastered, mediaUrl, everyProcess);
    const secondRoundPromise = Promise.all(mastered.map((user) => attempt(() => bounce(user, styles[(user.index + 1) % styles.length]!))));
    const streamFigures = await listenFor(mastered, mediaUrl, everyProcess);
    const second = (await secondRoundPromise).flatMap((t) => (t ? [t] : []));

    // 4. The kill test.
    const kill = await killTest({ users: mastered, styles, mediaProcesses, proxy, mediaUrl, dataDir, db });

    const queue = metrics.stop();
    const figures = {
      accountsSeconds: round(accountsS),
      mastering: {
        seconds: round(masteringS),
        prepareMs: { p50: p(prep.map((t) => t.totalMs), 50), p99: p(prep.map((t) => t.totalMs), 99) },
        prepareQueueWaitMs: { p50: p(prep.map((t) => t.waitMs), 50), p99: p(prep.map((t) => t.waitMs), 99) },
        bounceMs: { p50: p(first.map((t) => t.totalMs), 50), p99: p(first.map((t) => t.totalMs), 99) },
        bounceQueueWaitMs: { p50: p(first.map((t) => t.waitMs), 50), p99: p(first.map((t) => t.waitMs), 99) },
        bounceUnderListeningMs: { p50: p(second.map((t) => t.totalMs), 50), p99: p(second.map((t) => t.totalMs), 99) },
        bounceUnderListeningQueueWaitMs: { p50: p(second.map((t) => t.waitMs), 50), p99: p(second.map((t) => t.waitMs), 99) },
      },
      failedJobs: failures,
      streaming: alone,
      streamingWhileBouncing: streamFigures,
      queueMetrics: queue,
      proxy: await proxy.counts(),
      kill: kill.figures,
    };
    say('');
    say(`accounts             ${USERS} sign-ups with mail confirmation and sign-in: ${figures.accountsSeconds} s`);
    say(`preparation          p50 ${figures.mastering.prepareMs.p50} ms, p99 ${figures.mastering.prepareMs.p99} ms; queue wait p50 ${figures.mastering.prepareQueueWaitMs.p50} ms, p99 ${figures.mastering.prepareQueueWaitMs.p99} ms`);
    say(`bounce               p50 ${figures.mastering.bounceMs.p50} ms, p99 ${figures.mastering.bounceMs.p99} ms; queue wait p50 ${figures.mastering.bounceQueueWaitMs.p50} ms, p99 ${figures.mastering.bounceQueueWaitMs.p99} ms`);
    say(`bounce (listening)   p50 ${figures.mastering.bounceUnderListeningMs.p50} ms, p99 ${figures.mastering.bounceUnderListeningMs.p99} ms; queue wait p50 ${figures.mastering.bounceUnderListeningQueueWaitMs.p50} ms, p99 ${figures.mastering.bounceUnderListeningQueueWaitMs.p99} ms (${second.length} bounces during the listening)`);
    if (failures.length > 0) say(`FAILED jobs          ${failures.length}: ${failures.join('; ')}`);
    for (const [what, f] of [['listening alone', alone], [`while ${second.length} bounce`, streamFigures]] as const) {
      say(`${what.padEnd(21)}${f.held}/${LISTENERS} listeners held (errors ${f.errors}, asked for and not arrived at the end ${f.outstandingAtEnd})`);
      say(`  throughput         ${f.chunksPerSecond} chunks/s, ${f.mbPerSecond} MB/s (${f.chunks} chunks in ${f.seconds} s; real time needs ${LISTENERS} chunks/s)`);
      say(`  chunk latency      p50 ${f.latencyMs.p50} ms, p99 ${f.latencyMs.p99} ms (max ${f.latencyMs.max} ms); steady p50 ${f.steadyLatencyMs.p50} ms, p99 ${f.steadyLatencyMs.p99} ms (after each listener's opening 8-chunk burst)`);
      say(`  CPU (% of a core)  ${Object.entries(f.cpuPercent).map(([name, pct]) => `${name} ${pct}`).join(', ')} (${availableParallelism()} cores)`);
    }
    say(`queue (web /metrics) ${Object.keys(queue).length === 0 ? 'no job_queue_* samples' : Object.entries(queue).map(([kind, q]) => `${kind}: max waiting ${q.maxWaiting}, max oldest age ${q.maxOldestAgeSeconds} s`).join('; ')}`);
    say(`proxy                upgrades ${JSON.stringify(figures.proxy.upgrades)}, requests ${JSON.stringify(figures.proxy.requests)}`);
    say('');
    for (const line of kill.lines) say(line);
    say(`kill test            ${kill.pass ? 'PASS' : 'FAIL'}`);
    console.log(JSON.stringify({ ...figures, killTest: kill.pass ? 'PASS' : 'FAIL' }));
    for (const user of users) user.socket.close();
    clean = failures.length === 0 && kill.pass;
    return kill.pass;
  } finally {
    sampler.stop();
    // What the processes logged (warnings and errors: LOG_LEVEL=warn) tells why something failed.
    if (!clean) for (const { name, output } of clusterOutputs()) say(`--- ${name} (last lines)\n${output.split('\n').slice(-(Number(process.env.BENCH_LOG_LINES ?? 15))).join('\n')}`);
    await stopAll();
    await db.end();
    await database.drop();
    dropDatabase = null;
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_LISTENERS listeners of the users' first masters through the proxy, at real-time pace for BENCH_SECONDS. */
async function listenFor(mastered: User[], mediaUrl: string, processes: ClusterProcess[]) {
  const totalChunks = Math.ceil((TRACK_SECONDS * 44100) / CHUNK_FRAMES);
  const listeners: Listener[] = [];
  for (let n = 0; n < LISTENERS; n++) {
    const user = mastered[n % mastered.length]!;
    const master = user.masters[0]!;
    const target: ListenTarget = { trackId: user.trackId, masterId: master.masterId, styleId: master.styleId, styleIndex: master.styleIndex, totalChunks, token: user.token };
    const startChunk = Math.floor(Math.random() * Math.max(1, totalChunks - SECONDS - 10));
    listeners.push(new Listener(mediaUrl, target, startChunk));
  }
  await Promise.all(listeners.map((l) => l.start()));
  const started = performance.now();
  const ticksOf = (proc: ClusterProcess) => cpuTicks(proc.pid) + descendantsOf(proc.pid).reduce((sum, d) => sum + cpuTicks(d.pid), 0);
  const ticksBefore = processes.map(ticksOf);
  const benchBefore = process.cpuUsage();
  const tick = setInterval(() => {
    const now = performance.now();
    for (const l of listeners) l.tick(now);
  }, PLAYER_TICK_MS);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  clearInterval(tick);
  const seconds = (performance.now() - started) / 1000;
  // Share of one core over the listening: /proc ticks are 1/100 s.
  const cpuPercent = Object.fromEntries(processes.map((proc, i) => [proc.name, Math.round((ticksOf(proc) - ticksBefore[i]!) / seconds)]));
  const benchCpu = process.cpuUsage(benchBefore);
  cpuPercent['bench clients'] = Math.round(((benchCpu.user + benchCpu.system) / 1e6 / seconds) * 100);
  const latencies = listeners.flatMap((l) => l.latencies);
  const steady = listeners.flatMap((l) => l.steadyLatencies);
  const chunks = listeners.reduce((sum, l) => sum + l.chunks, 0);
  const bytes = listeners.reduce((sum, l) => sum + l.bytes, 0);
  const figures = {
    listeners: LISTENERS,
    held: listeners.filter((l) => l.socket && !l.socket.closed).length,
    seconds: round(seconds),
    chunks,
    chunksPerSecond: round(chunks / seconds),
    mbPerSecond: round(bytes / seconds / 1e6),
    latencyMs: { p50: p(latencies, 50), p99: p(latencies, 99), max: round(Math.max(0, ...latencies)) },
    steadyLatencyMs: { p50: p(steady, 50), p99: p(steady, 99) },
    outstandingAtEnd: listeners.reduce((sum, l) => sum + l.outstanding(), 0),
    errors: listeners.reduce((sum, l) => sum + l.errors, 0),
    cpuPercent,
  };
  for (const l of listeners) l.stop();
  return figures;
}

/** The bench's questions to its proxy process: where a client's socket went, what it counted. */
interface ProxyHandle {
  port: number;
  backendOf(clientPort: number | undefined): Promise<string | undefined>;
  counts(): Promise<{ upgrades: Record<string, number>; refused: Record<string, number>; requests: Record<string, number> }>;
}

function proxyOf(port: number): ProxyHandle {
  const ask = async <T>(path: string): Promise<T> => (await (await fetch(`http://127.0.0.1:${port}${CONTROL_PATH}${path}`)).json()) as T;
  return {
    port,
    backendOf: async (clientPort) => (clientPort === undefined ? undefined : ((await ask<{ backend: string | null }>(`/backend?port=${clientPort}`)).backend ?? undefined)),
    counts: () => ask('/counts'),
  };
}

interface KillContext {
  users: User[];
  styles: { id: number; styleIndex: number }[];
  mediaProcesses: ClusterProcess[];
  proxy: ProxyHandle;
  mediaUrl: string;
  dataDir: string;
  db: pg.Pool;
}

/**
 * The media process doing the bounce of `trackId`: the one with a child (ffmpeg) working on the
 * track's files; else the one (with its children) that used
 * the most CPU over a short look, as nothing else runs at this point.
 */
async function workerOf(processes: ClusterProcess[], trackId: string): Promise<{ proc: ClusterProcess; how: string }> {
  const holder = processes.find((proc) => descendantsOf(proc.pid).some((d) => d.command.includes(trackId)));
  if (holder) return { proc: holder, how: 'its ffmpeg child works on the track' };
  return { proc: await busiestOf(processes), how: 'the busiest media process' };
}

async function busiestOf(processes: ClusterProcess[]): Promise<ClusterProcess> {
  const ticksOf = (proc: ClusterProcess) => cpuTicks(proc.pid) + descendantsOf(proc.pid).reduce((sum, d) => sum + cpuTicks(d.pid), 0);
  const before = processes.map(ticksOf);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const used = processes.map((proc, i) => ticksOf(proc) - before[i]!);
  return processes[used.indexOf(Math.max(...used))]!;
}

async function killTest(ctx: KillContext): Promise<{ pass: boolean; lines: string[]; figures: Record<string, unknown> }> {
  const lines: string[] = [];
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const user = ctx.users[0]!;
  const style = ctx.styles[2 % ctx.styles.length]!;
  // A longer track of user 0's, so the bounce is surely under way when the process dies.
  const { id } = await user.api<{ id: string }>('POST', '/api/upload', {
    token: user.token,
    file: { field: 'track', name: 'bench-kill.wav', type: 'audio/wav', data: wavOf(KILL_TRACK_SECONDS, 999) },
  });
  const { track } = await trpcQuery<{ track: { id: string } }>(user.api, 'masters.master', user.token, { id });
  const owner: User = { ...user, trackId: track.id, socket: await SocketClient.open(ctx.mediaUrl), masters: [] };
  await prepare(owner);

  // Listeners of earlier masters on both media processes: those of the killed one must come back.
  const totalChunks = Math.ceil((TRACK_SECONDS * 44100) / CHUNK_FRAMES);
  const listeners = ctx.users.slice(0, 10).flatMap((u) =>
    [0, 1].map(() => new Listener(ctx.mediaUrl, { trackId: u.trackId, masterId: u.masters[0]!.masterId, styleId: u.masters[0]!.styleId, styleIndex: u.masters[0]!.styleIndex, totalChunks, token: u.token }, 0)),
  );
  await Promise.all(listeners.map((l) => l.start()));
  const tick = setInterval(() => {
    const now = performance.now();
    for (const l of listeners) l.tick(now);
  }, PLAYER_TICK_MS);

  const from = owner.socket.messages.length;
  owner.socket.send('end-mastering', owner.token, { trackId: owner.trackId, styleId: style.id });
  await owner.socket.until((m) => m.event === 'bounce-progress' && Number(m.payload.progressInPercent) >= 5 && m.payload.processed !== true, 'bounce under way', 300_000, from);
  const { proc: victim, how } = await workerOf(ctx.mediaProcesses, owner.trackId);
  const survivor = ctx.mediaProcesses.find((proc) => proc !== victim)!;
  const socketBackend = await ctx.proxy.backendOf(owner.socket.localPort);
  // The user has the track open in a second tab whose socket is on the process to be killed (when
  // the first is not): that one must reconnect, through the proxy, and still hear the master.
  const sockets = [{ socket: owner.socket, from, tab: 'first tab' }];
  if (socketBackend !== victim.name) {
    for (let tries = 0; tries < 6; tries++) {
      const socket = await SocketClient.open(ctx.mediaUrl);
      if ((await ctx.proxy.backendOf(socket.localPort)) !== victim.name) {
        socket.close();
        continue;
      }
      // It asks for the running bounce as the SPA does on opening the track: it joins the job.
      socket.send('end-mastering', owner.token, { trackId: owner.trackId, styleId: style.id });
      await socket.until((m) => m.event === 'bounce-progress', 'second tab joins the bounce', 30_000).catch(() => null);
      sockets.push({ socket, from: 0, tab: `second tab (on ${victim.name})` });
      break;
    }
  }
  const children = descendantsOf(victim.pid);
  const progressAtKill = owner.socket.messages.filter((m) => m.event === 'bounce-progress').at(-1)?.payload.progressInPercent;
  const backends = await Promise.all(listeners.map((l) => ctx.proxy.backendOf(l.socket?.localPort)));
  const listenersOnVictim = listeners.filter((_, i) => backends[i] === victim.name);
  process.kill(victim.pid, 'SIGKILL');
  const killedAt = performance.now();
  lines.push(`kill test            ${victim.name} (pid ${victim.pid}, ${children.length} child processes) killed at bounce progress ${String(progressAtKill)} % (found as ${how}); the user's socket was on ${socketBackend ?? '?'}`);

  // Each tab of the user's: on a lost socket it connects again through the proxy and asks for its
  // running bounce again (mastering-session.tsx does so after a reconnect); the queue's
  // idempotency key makes that the same job. A tab whose socket lives waits for the fanned-out events.
  const outcomes = await Promise.all(
    sockets.map(async ({ socket: first, from: firstFrom, tab }) => {
      let reconnectedTo: string | undefined;
      for (let socket = first, start = firstFrom; ; ) {
        try {
          const done = await socket.until(
            (m) => m.event === 'bounce-progress' && m.payload.processed === true && m.payload.styleId === style.id,
            'bounce after the kill',
            Math.max(1000, KILL_RECOVERY_TIMEOUT_MS - (performance.now() - killedAt)),
            start,
          );
          return { tab, socket, done, reconnectedTo, failure: '' };
        } catch (error) {
          if (!(error instanceof SocketClosedError) || performance.now() - killedAt > KILL_RECOVERY_TIMEOUT_MS) {
            return { tab, socket, done: null, reconnectedTo, failure: String(error instanceof Error ? error.message : error) };
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
          socket = await SocketClient.open(ctx.mediaUrl);
          reconnectedTo = await ctx.proxy.backendOf(socket.localPort);
          start = 0;
          socket.send('end-mastering', owner.token, { trackId: owner.trackId, styleId: style.id });
        }
      }
    }),
  );
  for (const outcome of outcomes) {
    check(`${outcome.tab}: bounce finished after the kill`, outcome.done !== null, outcome.done ? `master ${String(outcome.done.payload.masterId)} after ${round((outcome.done.at - killedAt) / 1000)} s` : outcome.failure);
    if (outcome.reconnectedTo !== undefined) check(`${outcome.tab}: reconnected to the surviving process`, outcome.reconnectedTo === survivor.name, `reconnected to ${outcome.reconnectedTo}`);
  }
  check('a tab on the killed process reconnected', outcomes.some((o) => o.reconnectedTo !== undefined), outcomes.map((o) => `${o.tab}: ${o.reconnectedTo ? `reconnected to ${o.reconnectedTo}` : 'kept its socket'}`).join(', '));
  // The master is heard on the socket that had to reconnect (else on the first tab's).
  const hearing = outcomes.find((o) => o.reconnectedTo !== undefined) ?? outcomes[0]!;
  owner.socket = hearing.socket;
  const done = outcomes.every((o) => o.done) ? hearing.done : null;
  const recoveryMs = done ? Math.max(...outcomes.map((o) => o.done!.at)) - killedAt : NaN;

  // The job: on the durable queue, claimed again after the lease, done once.
  const jobs = (
    // A done job keeps no payload (completeJobWith drops it); its idempotency key names the track and style.
    await ctx.db.query<{ kind: string; state: string; attempts: number }>(`SELECT kind, state, attempts FROM jobs WHERE kind LIKE '%bounce%' AND idempotency_key LIKE $1`, [`%:${owner.trackId}:${style.id}:%`])
  ).rows;
  check(
    'the bounce was a durable job, taken over by the other process',
    jobs.length === 1 && jobs[0]!.state === 'done' && jobs[0]!.attempts >= 2,
    jobs.length === 0 ? 'no bounce job on the queue: the bounce ran in the media process\'s memory only and died with it' : jobs.map((j) => `${j.kind} ${j.state} after ${j.attempts} attempts`).join(', '),
  );

  // Nothing lost: one master of the style, recorded, its file whole, and the user hears it.
  const masters = (
    await ctx.db.query<{ id: string; status: string; path: string | null; checksum: string | null }>('SELECT id, status, path, checksum FROM masters WHERE track_id = $1 AND style_id = $2', [owner.trackId, style.id])
  ).rows;
  const master = masters[0];
  check('one master of the style, MASTERED', masters.length === 1 && master?.status === 'MASTERED' && master.id === String(done?.payload.masterId), JSON.stringify(masters.map((m) => ({ id: m.id, status: m.status }))));
  let stored: Buffer | null = null;
  if (master?.path) {
    stored = await readFile(path.join(ctx.dataDir, 'storage', master.path)).catch(() => null);
    const sum = stored ? createHash('sha256').update(stored).digest('hex') : null;
    check('the stored master file is whole (its checksum)', sum !== null && sum === master.checksum, sum === null ? 'file missing' : `sha256 ${sum.slice(0, 12)}…`);
  }
  if (master && stored && done) {
    const meta = owner.socket.messages.length;
    owner.socket.send('request-meta', owner.token, { trackId: owner.trackId, masterId: master.id });
    const answer = await owner.socket.until((m) => m.event === 'meta', 'meta of the master', 30_000, meta).catch(() => null);
    const styleIndex = answer ? Number(answer.payload.styleIndex) : style.styleIndex;
    const frames: Buffer[] = [];
    owner.socket.onFrame = (frame) => frames.push(frame);
    owner.socket.send('request-chunks', owner.token, { trackId: owner.trackId, styleIndex, styleId: style.id, chunkIndices: [0, 1, 2] });
    const deadline = Date.now() + 30_000;
    while (frames.length < 3 && Date.now() < deadline && !owner.socket.closed) await new Promise((resolve) => setTimeout(resolve, 50));
    const data = stored.subarray(stored.indexOf('data') + 8);
    const expected = Buffer.alloc((data.length / 3) * 2);
    s24leToS16le(data, expected);
    const heard = frames.length === 3 && frames.every((frame) => {
      const index = frame.readUInt32BE(6);
      const audio = frame.subarray(frame.length - CHUNK_FRAMES * 4);
      return audio.equals(expected.subarray(index * CHUNK_FRAMES * 4, (index + 1) * CHUNK_FRAMES * 4));
    });
    check('the user hears the stored master', heard, `${frames.length}/3 chunks, equal to the stored file: ${heard}`);
  }

  // Listeners of the dead process came back and got every chunk they asked for.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  clearInterval(tick);
  const missing = listeners.reduce((sum, l) => sum + l.outstanding(), 0);
  const recoveries = listenersOnVictim.flatMap((l) => l.recoveries);
  check(
    'listeners of the dead process reconnected and lost no chunk',
    listenersOnVictim.every((l) => l.reconnects >= 1 && l.recoveries.length >= 1) && missing <= listeners.length,
    `${listenersOnVictim.length} of ${listeners.length} listeners were on ${victim.name}; back in p50 ${p(recoveries, 50)} ms, max ${round(Math.max(0, ...recoveries))} ms; ${listeners.reduce((s, l) => s + l.resent, 0)} chunks asked for again arrived; ${missing} asked for in the last second outstanding`,
  );
  for (const l of listeners) l.stop();

  // No orphans: no partial file in storage, no child of the dead process alive.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const partial = await partialFiles(ctx.dataDir);
  check('no partial or temporary file in storage or staging', partial.length === 0, partial.length === 0 ? 'none' : partial.slice(0, 5).join(', '));
  const orphans = children.filter(stillRunning);
  const strays = processesMentioning(ctx.dataDir).filter((s) => !descendantsOf(survivor.pid).some((d) => d.pid === s.pid));
  check('no process of the dead media process left', orphans.length === 0 && strays.length === 0, orphans.length + strays.length === 0 ? 'none' : [...orphans, ...strays].map((o) => `${o.pid} ${o.command.slice(0, 80)}`).join('; '));

  lines.push(`recovery time        ${done ? `${round(recoveryMs / 1000)} s from the kill to the master stored and announced` : 'none: the bounce did not finish'}`);
  for (const c of checks) lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  return {
    pass: checks.every((c) => c.ok),
    lines,
    figures: { victim: victim.name, recoveryMs: round(recoveryMs), checks },
  };
}

const interrupted = () => {
  killAllNow();
  // The processes are gone (SIGKILL): the database has no session left to wait for.
  void Promise.allSettled([dropDatabase?.(), removeDataDir?.()]).finally(() => process.exit(130));
};
process.on('SIGINT', interrupted);
process.on('SIGTERM', interrupted);
process.on('exit', killAllNow);

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
