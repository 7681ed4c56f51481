/** Ports for our listeners are picked outside the range the system gives outgoing connections. */
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded';

/** Linux's range for outgoing connections' ports (others' lie higher still). */
function outgoingRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return [low!, high!];
  } catch {
    return [49152, 65535];
  }
}

describe('freePort', () => {
  it('answers ports below the outgoing range that a server can then listen on', async () => {
    const [low] = outgoingRange();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(low);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
