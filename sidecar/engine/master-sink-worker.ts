import { parentPort } from 'node:worker_threads';
import { createLimitingSink, createLocalSink, type MasterSink, type SinkReply, type SinkRequest } from './master-sink.js';

/**
 * The second thread of a bounce: the local sink, fed with the rendered blocks, or with the first
 * half of the chain's output and running the limiter half itself (master-sink.ts).
 */
const port = parentPort;
if (!port) throw new Error('master-sink-worker must run in a worker thread');

let sink: MasterSink | null = null;
port.on('message', (request: SinkRequest) => {
  void (async () => {
    try {
      if (request.kind === 'abort') {
        await sink?.abort();
        process.exit(0);
      } else if (request.kind === 'open') {
        const local = createLocalSink(request.path, request.totalFrames, request.sampleRate);
        sink = request.limiter ? createLimitingSink(local, request.limiter.params, request.limiter.mono, request.totalFrames, request.sampleRate) : local;
      }
      else if (request.kind === 'block') {
        await sink!.write(request.block, request.frames);
        port.postMessage({ kind: 'written' } satisfies SinkReply);
      } else {
        const result = await sink!.finish();
        port.postMessage({ kind: 'finished', result } satisfies SinkReply);
      }
    } catch (error) {
      await sink?.abort();
      port.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) } satisfies SinkReply);
    }
  })();
});
