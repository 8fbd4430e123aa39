import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from './platform/log.js';

const SIDECAR_ENTRY = fileURLToPath(new URL('../sidecar/main.ts', import.meta.url));
const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10000];

/**
 * Runs the media sidecar as a child of the web process.
 * The child gets an IPC channel and exits when it closes, so it never outlives the web process;
 * a crash is restarted with backoff. The child leads a process group of its own, which its ffmpeg
 * children join: when it dies (even by SIGKILL, which it cannot answer), the rest of its group is
 * killed, so no orphaned ffmpeg keeps encoding for nobody. Its jobs are taken up by a media
 * process once their leases run out, and its half-written files swept then
 * (sidecar/media/partial-files.ts).
 */
export function superviseMedia(env: NodeJS.ProcessEnv, log: Logger) {
  let child: ChildProcess | null = null;
  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | null = null;

  const start = () => {
    const startedAt = Date.now();
    const started = fork(SIDECAR_ENTRY, [], { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true });
    child = started;
    started.on('exit', (code, signal) => {
      child = null;
      killGroup(started.pid);
      if (stopping) return;
      failures = Date.now() - startedAt > 30_000 ? 0 : failures + 1;
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)] ?? 10_000;
      log.error({ code, signal, delay }, 'media sidecar exited; restarting');
      restartTimer = setTimeout(start, delay);
    });
  };
  start();

  return {
    /** The running media process's id (null between a crash and its restart). */
    get pid(): number | null {
      return child?.pid ?? null;
    },
    async stop(): Promise<void> {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), 5000);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}

/** Kills what is left of an exited media process's group (its ffmpeg children); gone already is fine. */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is empty.
  }
}
