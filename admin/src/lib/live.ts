import { useEffect, useRef } from 'react';
import type { ConsoleMessage } from '../api/types';

/**
 * The support console's live feed: /ws with the session cookie, registered as a console for
 * everybody, so every new message-log row arrives as `{type:'console', data}`. Reconnects.
 */
export function useConsoleFeed(onMessage: (m: ConsoleMessage) => void): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'register', console: true }));
      socket.onmessage = (ev) => {
        try {
          const msg = JSON.parse(String(ev.data));
          if (msg.type === 'console' && msg.data) handler.current(msg.data as ConsoleMessage);
        } catch {
          /* not ours */
        }
      };
      socket.onclose = () => {
        if (!stopped) retry = setTimeout(open, 2000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, []);
}
