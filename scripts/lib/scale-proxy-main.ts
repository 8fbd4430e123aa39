/**
 * The bench's reverse proxy as a process of its own, as a load balancer is: the bench's 200
 * clients and the proxy's piping then do not share one event loop. Backends and port come from
 * BENCH_PROXY (JSON: { port, web: Backend[], media: Backend[] }); the bench asks it where a socket
 * went under CONTROL_PATH (scale-proxy.ts).
 */
import { startScaleProxy, type Backend } from './scale-proxy.js';

const config = JSON.parse(process.env.BENCH_PROXY ?? '{}') as { port: number; web: Backend[]; media: Backend[] };
const proxy = await startScaleProxy(config);
const stop = () => void proxy.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
