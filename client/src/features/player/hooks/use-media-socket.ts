import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDialogs } from '../../../lib/dialogs.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { getAccessToken, refreshAuth } from '../../auth/index.js';
import { acquireMediaSocket, type MediaSocket } from '../api/media-socket.js';
import type { SocketConnection } from '../mastering-session.js';

const noSubscribe = () => () => undefined;

/**
 * The page's media socket (address from GET /api/config), shared by the session and the players.
 * When the connection is lost for good it opens the PlayerExpired dialog.
 */
export function useMediaSocket(): { socket: MediaSocket | null; connection: SocketConnection } {
  const config = useSiteConfig();
  const url = config.data?.mediaUrl ?? null;
  const dialogs = useDialogs();
  const [socket, setSocket] = useState<MediaSocket | null>(null);

  useEffect(() => {
    if (!url) return;
    const { socket: acquired, release } = acquireMediaSocket({ url, getToken: getAccessToken, refreshToken: refreshAuth });
    // The socket is an external resource shared by reference count: it can only be acquired after mount.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSocket(acquired);
    return () => {
      release();
      setSocket(null);
    };
  }, [url]);

  const connection = useSyncExternalStore(
    socket?.subscribeState ?? noSubscribe,
    () => socket?.getState() ?? (config.isError ? 'disconnected' : 'connecting'),
    () => 'connecting' as const,
  );

  useEffect(() => {
    if (connection === 'expired') dialogs.open('PlayerExpired');
  }, [connection, dialogs]);

  return { socket, connection };
}
