import type { EventHandler } from '../handlers.js';

/** stop-binary: drop every queued chunk and the request-stream cursor; nothing more is sent until asked. */
export function stopBinary(): EventHandler {
  return (session) => {
    session.streamer?.stop();
  };
}
