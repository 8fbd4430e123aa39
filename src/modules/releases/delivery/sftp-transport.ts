import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import type { Client } from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import type { Env } from '../../../platform/env.js';

/**
 * Where one store's deliveries go (DELIVERY_SFTP_*: the aggregator's settings, overridden field by
 * field by DELIVERY_SFTP_STORE_<id>_*), and the resumable upload of one file to it.
 */

export interface SftpTarget {
  host: string;
  port: number;
  user: string;
  keyFile: string;
  remoteDir: string;
  ackDir: string;
  /** The recipient's DDEX party id. */
  dpid: string;
  /** Names the server and acknowledgement folder: acknowledgement files are read once per source. */
  source: string;
}

/** The store's target, or null when neither the store nor an aggregator is configured. */
export function sftpTargetOf(env: Env, storeId: number): SftpTarget | null {
  const own = env.DELIVERY_SFTP_STORES[storeId] ?? {};
  const host = own.HOST ?? env.DELIVERY_SFTP_HOST;
  const user = own.USER ?? env.DELIVERY_SFTP_USER;
  const keyFile = own.KEY_FILE ?? env.DELIVERY_SFTP_KEY_FILE;
  const dpid = own.DPID ?? env.DELIVERY_SFTP_RECIPIENT_DPID;
  if (!host || !user || !keyFile || !dpid) return null;
  const port = own.PORT ?? env.DELIVERY_SFTP_PORT;
  const ackDir = own.ACK_DIR ?? env.DELIVERY_SFTP_ACK_DIR;
  return { host, port, user, keyFile, remoteDir: own.REMOTE_DIR ?? env.DELIVERY_SFTP_REMOTE_DIR, ackDir, dpid, source: `${user}@${host}:${port}${ackDir}` };
}

/** Every distinct acknowledgement folder of the stores given (an aggregator's is shared by all). */
export function ackSourcesOf(env: Env, storeIds: readonly number[]): SftpTarget[] {
  const sources = new Map<string, SftpTarget>();
  for (const storeId of storeIds) {
    const target = sftpTargetOf(env, storeId);
    if (target && !sources.has(target.source)) sources.set(target.source, target);
  }
  return [...sources.values()];
}

const CONNECT_TIMEOUT_MS = 20_000;

/** An open session; `end` closes it (also after a failure). */
export async function connectSftp(target: SftpTarget): Promise<SftpClient> {
  const client = new SftpClient('delivery');
  const privateKey = await readFile(target.keyFile);
  const connecting = client.connect({ host: target.host, port: target.port, username: target.user, privateKey, readyTimeout: CONNECT_TIMEOUT_MS, retries: 0 });
  // Every SFTP request (stat, open, write, close, rename) waits for its answer. With Nagle's
  // algorithm on, as ssh2 leaves it, each small request is held until the server's delayed ACK
  // (about 40 ms): a batch of a few files took seconds of waiting even on loopback.
  (client as unknown as { client: Pick<Client, 'setNoDelay'> }).client.setNoDelay(true);
  await connecting;
  return client;
}

async function remoteSha256(client: SftpClient, remotePath: string): Promise<string> {
  const bytes = (await client.get(remotePath)) as Buffer;
  return createHash('sha256').update(bytes).digest('hex');
}

async function localPrefixSha256(open: (start: number, end: number) => Readable, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  if (bytes > 0) for await (const chunk of open(0, bytes - 1) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

export interface UploadFile {
  remotePath: string;
  sha256: string;
  bytes: number;
  /** The file's bytes from `start` to `end` (inclusive). */
  open(start: number, end: number): Readable;
}

/**
 * Puts one file on the server so the store never reads a part of it: written as `<name>.part` and
 * renamed when complete. Resumable without sending a byte twice: a file already in place with the
 * same SHA-256 is kept ('present'); a `.part` left by a dropped connection whose bytes match the
 * start of ours is continued from its end ('resumed'); anything else is written anew ('uploaded').
 */
export async function uploadResumable(client: SftpClient, file: UploadFile): Promise<'present' | 'resumed' | 'uploaded'> {
  const part = `${file.remotePath}.part`;
  const existing = await client.exists(file.remotePath);
  if (existing === '-') {
    const { size } = await client.stat(file.remotePath);
    if (size === file.bytes && (await remoteSha256(client, file.remotePath)) === file.sha256) return 'present';
  }
  let offset = 0;
  if ((await client.exists(part)) === '-') {
    const { size } = await client.stat(part);
    if (size > 0 && size <= file.bytes && (await remoteSha256(client, part)) === (await localPrefixSha256(file.open, size))) offset = size;
    else await client.delete(part);
  }
  if (offset < file.bytes || file.bytes === 0) {
    const source = file.bytes === 0 ? Buffer.alloc(0) : file.open(offset, file.bytes - 1);
    await writeRemote(client, part, source, offset);
  }
  const { size } = await client.stat(part);
  if (size !== file.bytes) throw new Error(`${part}: ${size} bytes on the server, ${file.bytes} sent`);
  if (existing) await client.delete(file.remotePath);
  await client.rename(part, file.remotePath);
  return offset > 0 ? 'resumed' : 'uploaded';
}

/** Writes a stream to the server from `offset` on (r+ keeps the bytes before it); done when the server closed the file. */
function writeRemote(client: SftpClient, remotePath: string, source: Readable | Buffer, offset: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const out = client.createWriteStream(remotePath, offset > 0 ? { flags: 'r+', start: offset } : { flags: 'w' });
    // A dropped connection ends neither stream: it is noticed on the connection itself.
    const gone = () => fail(new Error(`connection closed while writing ${remotePath}`));
    const settle = () => {
      client.removeListener('close', gone);
      client.removeListener('end', gone);
    };
    const fail = (error: Error) => {
      settle();
      if (!Buffer.isBuffer(source)) source.destroy();
      out.destroy();
      reject(error);
    };
    client.on('close', gone);
    client.on('end', gone);
    out.once('close', () => {
      settle();
      resolve();
    });
    out.once('error', fail);
    if (Buffer.isBuffer(source)) {
      out.end(source);
    } else {
      source.once('error', fail);
      source.pipe(out);
    }
  });
}

export const bufferFile = (remotePath: string, body: Buffer): UploadFile => ({
  remotePath,
  sha256: createHash('sha256').update(body).digest('hex'),
  bytes: body.length,
  open: (start, end) => Readable.from([body.subarray(start, end + 1)]),
});

export const remoteJoin = (...parts: string[]) => posix.join(...parts);
