/**
 * A stand-in SMS gateway for the tests: a real HTTP server on a free port that takes the provider
 * shape of src/server/messages/sms.ts (a JSON POST), records every message it is sent, and fails
 * the next N on demand (500) so that the job queue's retries can be watched.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface GatewayRequest {
  at: number;
  authorization: string;
  body: { to: string; text: string; reference: string };
  answered: number;
}

export interface SmsGateway {
  /** SMS_URL for the server, with a user and password the gateway checks. */
  readonly url: string;
  readonly requests: GatewayRequest[];
  failNext(count: number): void;
  close(): Promise<void>;
}

const USER = 'clinic';
const PASSWORD = 'gateway-secret';
const EXPECTED = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

export async function startSmsGateway(): Promise<SmsGateway> {
  const requests: GatewayRequest[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const authorization = request.headers.authorization ?? '';
      let status = authorization === EXPECTED ? 200 : 401;
      if (status === 200 && failures > 0) {
        failures -= 1;
        status = 500;
      }
      requests.push({
        at: Date.now(),
        authorization,
        body: JSON.parse(text) as GatewayRequest['body'],
        answered: status,
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${USER}:${PASSWORD}@127.0.0.1:${port}/send`,
    requests,
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
