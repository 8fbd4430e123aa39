import { timingSafeEqual } from 'node:crypto';
import { constants, writeFileSync, type Stats } from 'node:fs';
import { lstat, mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat, unlink, utimes, chmod, type FileHandle } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ssh2, { type Attributes, type SFTPWrapper } from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/**
 * A real SFTP server for tests, all in this process: ssh2's server side (SSH on a random port, one
 * user with one ECDSA key) answering the SFTP requests itself over a temporary root folder. Remote
 * paths, relative or absolute, are inside that folder; a path that leads out of it is refused. It
 * counts the bytes written to each path over all connections (a resumed upload must not send a
 * byte twice) and can drop a connection in the middle of a transfer, as a network failure would.
 */

export interface TestSftpServer {
  port: number;
  root: string;
  user: string;
  keyFile: string;
  /** Bytes written per path (relative to root), summed over every connection. */
  written: Map<string, number>;
  /** Drops the next connection once the client has written this many bytes over it (once). */
  dropAfter(bytes: number): void;
  connections(): number;
  close(): Promise<void>;
}

type OpenHandle = { kind: 'file'; file: FileHandle; relative: string; pending: Promise<unknown> } | { kind: 'dir'; absolute: string; listed: boolean };

class OutsideRootError extends Error {}

/** What an SFTP client reads of a file's type and permissions, as `ls -l` writes it (ssh2-sftp-client's list reads the first column). */
function longnameOf(name: string, stats: Stats): string {
  const type = stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : '-';
  const bits = 'rwxrwxrwx'.split('').map((letter, index) => (stats.mode & (0o400 >> index) ? letter : '-')).join('');
  return `${type}${bits} 1 sftp sftp ${stats.size} ${stats.mtime.toUTCString().slice(5, 16)} ${name}`;
}

const attrsOf = (stats: Stats): Attributes => ({
  mode: stats.mode,
  uid: stats.uid,
  gid: stats.gid,
  size: stats.size,
  atime: Math.floor(stats.atimeMs / 1000),
  mtime: Math.floor(stats.mtimeMs / 1000),
});

function statusOf(error: unknown): number {
  if (error instanceof OutsideRootError) return STATUS_CODE.PERMISSION_DENIED;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

/** The open(2) flags of an SFTP open request, bit for bit (create, truncate, exclusive and append included). */
function openFlagsOf(flags: number): number {
  const read = (flags & OPEN_MODE.READ) !== 0;
  const write = (flags & OPEN_MODE.WRITE) !== 0;
  let result = write ? (read ? constants.O_RDWR : constants.O_WRONLY) : constants.O_RDONLY;
  if (flags & OPEN_MODE.APPEND) result |= constants.O_APPEND;
  if (flags & OPEN_MODE.CREAT) result |= constants.O_CREAT;
  if (flags & OPEN_MODE.TRUNC) result |= constants.O_TRUNC;
  if (flags & OPEN_MODE.EXCL) result |= constants.O_EXCL;
  return result;
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

  /** The remote path inside the root ("/" is the root itself); refused when it leads out of it. */
  const resolve = (remote: string) => {
    const absolute = path.resolve(root, remote.replace(/^\/+/, ''));
    if (absolute !== root && !absolute.startsWith(root + path.sep)) throw new OutsideRootError(remote);
    return absolute;
  };
  const relativeOf = (absolute: string) => path.relative(root, absolute).split(path.sep).join('/');

  /** Answers one client's SFTP requests; `drop` ends its connection as a dead line would. */
  function serveSftp(sftp: SFTPWrapper, drop: () => void) {
    const handles = new Map<number, OpenHandle>();
    let nextHandle = 1;
    let carried = 0;
    let dead = false;
    const handleOf = (buffer: Buffer) => (buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined);
    const newHandle = (handle: OpenHandle) => {
      const id = nextHandle++;
      handles.set(id, handle);
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32BE(id, 0);
      return buffer;
    };
    /** Runs a request's work and answers its failure with the status that fits; nothing is answered on a dropped line. */
    const serve = (reqId: number, work: () => Promise<void>) => {
      if (dead) return;
      work().catch((error: unknown) => {
        if (!dead) sftp.status(reqId, statusOf(error), (error as Error).message);
      });
    };
    const ok = (reqId: number) => {
      if (!dead) sftp.status(reqId, STATUS_CODE.OK);
    };

    sftp.on('REALPATH', (reqId, remote) =>
      serve(reqId, async () => {
        const absolute = resolve(remote === '.' || remote === '' ? '/' : remote);
        const name = `/${relativeOf(absolute)}`;
        sftp.name(reqId, [{ filename: name, longname: name, attrs: {} as Attributes }]);
      }),
    );
    for (const event of ['STAT', 'LSTAT'] as const) {
      sftp.on(event, (reqId: number, remote: string) =>
        serve(reqId, async () => {
          const absolute = resolve(remote);
          sftp.attrs(reqId, attrsOf(event === 'STAT' ? await stat(absolute) : await lstat(absolute)));
        }),
      );
    }
    sftp.on('OPEN', (reqId, remote, flags) =>
      serve(reqId, async () => {
        const absolute = resolve(remote);
        const file = await open(absolute, openFlagsOf(flags), 0o644);
        sftp.handle(reqId, newHandle({ kind: 'file', file, relative: relativeOf(absolute), pending: Promise.resolve() }));
      }),
    );
    sftp.on('READ', (reqId, buffer, offset, length) =>
      serve(reqId, async () => {
        const handle = handleOf(buffer);
        if (handle?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open file');
        const chunk = Buffer.alloc(length);
        const { bytesRead } = await handle.file.read(chunk, 0, length, offset);
        if (bytesRead === 0) sftp.status(reqId, STATUS_CODE.EOF);
        else sftp.data(reqId, chunk.subarray(0, bytesRead));
      }),
    );
    sftp.on('WRITE', (reqId, buffer, offset, data) => {
      if (dead) return;
      const handle = handleOf(buffer);
      if (handle?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open file');
      carried += data.length;
      written.set(handle.relative, (written.get(handle.relative) ?? 0) + data.length);
      const write = handle.file.write(data, 0, data.length, offset);
      // CLOSE waits for the writes before it; a failed one is answered by its own request.
      handle.pending = Promise.all([handle.pending, write.catch(() => undefined)]);
      if (dropAfter !== null && carried >= dropAfter) {
        // The line goes dead: what arrived so far is written, nothing more crosses it.
        dropAfter = null;
        dead = true;
        void handle.pending.then(drop);
        return;
      }
      serve(reqId, async () => {
        await write;
        ok(reqId);
      });
    });
    sftp.on('FSTAT', (reqId, buffer) =>
      serve(reqId, async () => {
        const handle = handleOf(buffer);
        if (!handle) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'no such handle');
        sftp.attrs(reqId, attrsOf(handle.kind === 'file' ? await handle.file.stat() : await stat(handle.absolute)));
      }),
    );
    sftp.on('FSETSTAT', (reqId, buffer, attrs) =>
      serve(reqId, async () => {
        const handle = handleOf(buffer);
        if (handle?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open file');
        if (attrs.mode !== undefined) await handle.file.chmod(attrs.mode & 0o7777);
        if (attrs.size !== undefined) await handle.file.truncate(attrs.size);
        if (attrs.atime !== undefined && attrs.mtime !== undefined) await handle.file.utimes(attrs.atime, attrs.mtime);
        ok(reqId);
      }),
    );
    sftp.on('SETSTAT', (reqId, remote, attrs) =>
      serve(reqId, async () => {
        const absolute = resolve(remote);
        if (attrs.mode !== undefined) await chmod(absolute, attrs.mode & 0o7777);
        if (attrs.atime !== undefined && attrs.mtime !== undefined) await utimes(absolute, attrs.atime, attrs.mtime);
        ok(reqId);
      }),
    );
    sftp.on('CLOSE', (reqId, buffer) =>
      serve(reqId, async () => {
        const id = buffer.length === 4 ? buffer.readUInt32BE(0) : -1;
        const handle = handles.get(id);
        if (!handle) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'no such handle');
        handles.delete(id);
        if (handle.kind === 'file') {
          await handle.pending;
          await handle.file.close();
        }
        ok(reqId);
      }),
    );
    sftp.on('OPENDIR', (reqId, remote) =>
      serve(reqId, async () => {
        const absolute = resolve(remote);
        if (!(await stat(absolute)).isDirectory()) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'not a directory');
        sftp.handle(reqId, newHandle({ kind: 'dir', absolute, listed: false }));
      }),
    );
    sftp.on('READDIR', (reqId, buffer) =>
      serve(reqId, async () => {
        const handle = handleOf(buffer);
        if (handle?.kind !== 'dir') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open directory');
        // The whole folder in one answer, then end of list.
        if (handle.listed) return void sftp.status(reqId, STATUS_CODE.EOF);
        handle.listed = true;
        const names = await readdir(handle.absolute);
        const entries = await Promise.all(
          names.map(async (name) => {
            const stats = await lstat(path.join(handle.absolute, name));
            return { filename: name, longname: longnameOf(name, stats), attrs: attrsOf(stats) };
          }),
        );
        if (entries.length === 0) sftp.status(reqId, STATUS_CODE.EOF);
        else sftp.name(reqId, entries);
      }),
    );
    sftp.on('MKDIR', (reqId, remote) =>
      serve(reqId, async () => {
        await mkdir(resolve(remote));
        ok(reqId);
      }),
    );
    sftp.on('RMDIR', (reqId, remote) =>
      serve(reqId, async () => {
        const absolute = resolve(remote);
        if (absolute === root) return void sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED, 'the root stays');
        await rmdir(absolute);
        ok(reqId);
      }),
    );
    sftp.on('REMOVE', (reqId, remote) =>
      serve(reqId, async () => {
        await unlink(resolve(remote));
        ok(reqId);
      }),
    );
    sftp.on('RENAME', (reqId, from, to) =>
      serve(reqId, async () => {
        const target = resolve(to);
        // SFTP version 3 (as OpenSSH's server answers it): a rename never replaces a file.
        if (await lstat(target).then(() => true, () => false)) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'the target exists');
        await rename(resolve(from), target);
        ok(reqId);
      }),
    );
    sftp.on('close', () => {
      for (const handle of handles.values()) if (handle.kind === 'file') void handle.pending.then(() => handle.file.close().catch(() => undefined));
      handles.clear();
    });
  }

  // ssh2's client sizes its SFTP reads and writes by the server's name: to an OpenSSH server 256 kB
  // each, to any other 32 kB. The larger ones, as the stores' OpenSSH servers get them, keep a
  // transfer from waiting on eight times as many answers.
  const server = new Server({ hostKeys: [host.private], ident: 'OpenSSH_9.2p1' }, (client) => {
    connectionCount++;
    clients.add(client);
    // Each SFTP request waits for its answer: small answers go out at once, not held back for more.
    (client as unknown as { setNoDelay(noDelay: boolean): void }).setNoDelay(true);
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
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), () => client.end()));
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
      await rm(keysDir, { recursive: true, force: true });
    },
  };
}
