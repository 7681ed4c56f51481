/**
 * A TCP relay in front of the test database, so that a test can take the database away from a
 * real server (every connection cut, new ones refused) and give it back, as a network failure or
 * a restarted external PostgreSQL would; or make every new connection slow to open, as a busy
 * database machine does.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

interface TcpProxy {
  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string;
  /** Cuts every connection and refuses new ones until `resume()`. */
  cut(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(
  target: { host: string; port: number },
  /** How long each connection waits before the relay opens its way to the database. */
  openDelayMs = 0,
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let port = 0;
  let server: Server | null = null;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const relay = (client: Socket) => {
        if (client.destroyed) return;
        const upstream = connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      };
      const next = createServer((client) => {
        track(client);
        // Until the relay pipes it, what the client sends waits in its socket.
        if (openDelayMs > 0) setTimeout(() => relay(client), openDelayMs);
        else relay(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      const running = server;
      server = null;
      if (running) running.close(() => resolve());
      else resolve();
    });

  await listen();
  return {
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      // A Unix socket's folder (the embedded cluster's URL) would bypass the relay.
      proxied.searchParams.delete('host');
      return proxied.toString();
    },
    cut: stop,
    resume: listen,
    close: stop,
  };
}
