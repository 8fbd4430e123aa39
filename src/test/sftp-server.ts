import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const SFTP_SERVER = '/usr/lib/openssh/sftp-server';

/**
 * A real SFTP server for tests: ssh2's server side (SSH on a random port, one user with one ECDSA
 * key) running Debian's OpenSSH sftp-server as the SFTP subsystem, started in a temporary folder;
 * remote paths are relative to it. It counts the bytes written to each path over all connections
 * (from sftp-server's log: a resumed upload must not send a byte twice) and can drop a connection
 * in the middle of a transfer, as a network failure would.
 */

export interface TestSftpServer {
  port: number;
  root: string;
  user: string;
  keyFile: string;
  /** Bytes written per path (relative to root), summed over every connection. */
  written: Map<string, number>;
  /** Drops the next connection once the client has sent this many bytes over it (once). */
  dropAfter(bytes: number): void;
  connections(): number;
  close(): Promise<void>;
}

export async function startTestSftpServer(): Promise<TestSftpServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'sftp-root-'));
  const keysDir = await mkdtemp(path.join(tmpdir(), 'sftp-keys-'));
  const host = utils.generateKeyPairSync('ecdsa', { bits: 256 });
  const user = utils.generateKeyPairSync('ecdsa', { bits: 256 });
  const keyFile = path.join(keysDir, 'id_ecdsa');
  writeFileSync(keyFile, user.private, { mode: 0o600 });
  const allowed = utils.parseKey(user.public);
  if (allowed instanceof Error) throw allowed;
  const written = new Map<string, number>();
  let dropAfter: number | null = null;
  let connectionCount = 0;
  const clients = new Set<ssh2.Connection>();

  const server = new Server({ hostKeys: [host.private] }, (client) => {
    connectionCount++;
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'publickey' || ctx.username !== 'deliveries') return ctx.reject(['publickey']);
      const key = ctx.key;
      const same = key.algo === allowed.type && key.data.length === allowed.getPublicSSH().length && timingSafeEqual(key.data, allowed.getPublicSSH());
      if (!same) return ctx.reject(['publickey']);
      if (ctx.signature && ctx.blob && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject(['publickey']);
      ctx.accept();
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('subsystem', (acceptSubsystem, rejectSubsystem, info) => {
          if (info.name !== 'sftp') return rejectSubsystem();
          const channel = acceptSubsystem();
          // Debian's OpenSSH sftp-server speaks SFTP; -e -l INFO logs each closed file with its bytes written.
          const child = spawn(SFTP_SERVER, ['-e', '-l', 'INFO', '-d', root], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
          let carried = 0;
          let dead = false;
          channel.on('data', (chunk: Buffer) => {
            if (dead) return;
            carried += chunk.length;
            child.stdin.write(chunk);
            if (dropAfter !== null && carried >= dropAfter) {
              // The line goes dead: what arrived so far is written, nothing more crosses it.
              dropAfter = null;
              dead = true;
              child.stdin.end();
              client.end();
            }
          });
          channel.on('close', () => child.stdin.end());
          child.stdout.on('data', (chunk: Buffer) => {
            if (!dead) channel.write(chunk);
          });
          let log = '';
          child.stderr.on('data', (chunk: Buffer) => {
            log += chunk.toString('utf8');
            const lines = log.split('\n');
            log = lines.pop() ?? '';
            for (const line of lines) {
              const closed = /close "(.+)" bytes read \d+ written (\d+)/.exec(line);
              if (closed) {
                const name = path.posix.normalize(closed[1]!).replace(/^\/+/, '');
                written.set(name, (written.get(name) ?? 0) + Number(closed[2]));
              }
            }
          });
          child.on('exit', () => {
            if (!dead) channel.end();
          });
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    root,
    user: 'deliveries',
    keyFile,
    written,
    dropAfter: (bytes) => {
      dropAfter = bytes;
    },
    connections: () => connectionCount,
    close: async () => {
      for (const client of clients) client.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
