import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../src/test/product-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A web or media process of the bench, in a process group of its own (its ffmpeg children with it). */
export interface ClusterProcess {
  name: string;
  /** The entry point run with tsx (src/server.ts, sidecar/main.ts, the bench's proxy). */
  entry: string;
  child: ChildProcess;
  pid: number;
  port: number;
  output: () => string;
  exited: () => boolean;
}

/** Starts a product entry point with `env` and waits until `readyUrl` answers 200. */
export async function startClusterProcess(
  name: string,
  entry: ClusterProcess['entry'],
  port: number,
  readyPath: string,
  env: Record<string, string>,
): Promise<ClusterProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    // Own process group: the bench ends the process and whatever it spawned together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const proc: ClusterProcess = { name, entry, child, pid: child.pid!, port, output: () => output, exited: () => exited };
  running.add(proc);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const running = new Set<ClusterProcess>();

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

/** SIGTERM to each process group, SIGKILL after a grace period; waits for every process to exit. */
export async function stopAll(graceMs = 8000): Promise<void> {
  const all = [...running];
  await Promise.all(
    all.map(async (proc) => {
      signalGroup(proc.pid, 'SIGTERM');
      if (!proc.exited()) {
        await Promise.race([new Promise((resolve) => proc.child.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, graceMs))]);
      }
      // Whatever is left of the group (the process itself, or children a killed parent left).
      signalGroup(proc.pid, 'SIGKILL');
      running.delete(proc);
    }),
  );
}

/** The kept output of every process still registered (started and not yet stopped by stopAll). */
export function clusterOutputs(): { name: string; output: string }[] {
  return [...running].map((proc) => ({ name: proc.name, output: proc.output() }));
}

/** Last resort on an abrupt exit of the bench: no process of it survives it. */
export function killAllNow(): void {
  for (const proc of running) signalGroup(proc.pid, 'SIGKILL');
}

/** The processes whose parent is `pid`, with their start time (a pid taken again later is another process). */
export function descendantsOf(pid: number): { pid: number; start: string; command: string }[] {
  const table = processTable();
  const out: { pid: number; start: string; command: string }[] = [];
  const walk = (parent: number) => {
    for (const row of table) {
      if (row.ppid !== parent) continue;
      out.push({ pid: row.pid, start: row.start, command: row.command });
      walk(row.pid);
    }
  };
  walk(pid);
  return out;
}

/** Whether the process `pid` that started at `start` still exists (not as a zombie). */
export function stillRunning(entry: { pid: number; start: string }): boolean {
  const row = processTable().find((r) => r.pid === entry.pid);
  return row !== undefined && row.start === entry.start && row.state !== 'Z';
}

/** Processes whose command line mentions `needle` (e.g. the bench's data directory). */
export function processesMentioning(needle: string): { pid: number; command: string }[] {
  return processTable().filter((row) => row.pid !== process.pid && row.command.includes(needle)).map((row) => ({ pid: row.pid, command: row.command }));
}

function processTable(): { pid: number; ppid: number; start: string; state: string; command: string }[] {
  const rows = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      rows.push({ pid: Number(name), ppid: Number(fields[1]), state: fields[0]!, start: fields[19]!, command });
    } catch {
      // the process ended while being read
    }
  }
  return rows;
}

/** utime + stime of a process in clock ticks (0 once it is gone). */
export function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A fresh PostgreSQL database for one run, dropped (with any connection left to it) by `drop`. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `bench_scale_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export { freePort };
