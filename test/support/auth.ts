/**
 * Helpers of the sign-in and account tests: log in through the API, solve a real ALTCHA challenge
 * the way the widget does, and receive mail on a real local SMTP server.
 */
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SMTPServer } from 'smtp-server';
import { Captcha } from '../../src/server/auth/captcha';
import type { UserToken } from '../../src/shared/envelope';
import type { SessionUser } from '../../src/shared/users';
import { call, type TestCompany, type TestServer } from './api';

/**
 * The server's own Captcha with one PBKDF2 iteration per attempt instead of 5,000: the same
 * signing, verification and single use, solved in a fraction of a second.
 */
export function useQuickCaptcha(server: TestServer): void {
  server.services.captcha = new Captcha({ cost: 1 });
}

/** A fresh challenge from `captcha/challenge`, solved and encoded as the widget sends it. */
export async function solveCaptcha(server: TestServer, company: TestCompany): Promise<string> {
  const reply = await call<Challenge>(server, company, 'captcha/challenge');
  if (!reply.result) throw new Error(`no challenge: ${JSON.stringify(reply)}`);
  const challenge = reply.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return btoa(JSON.stringify(payload));
}

interface LoginData {
  user: SessionUser;
  user_token: UserToken;
}

export const login = (
  server: TestServer,
  company: TestCompany,
  user_email: string,
  password: string,
  altcha?: string,
) =>
  call<LoginData>(server, company, 'users/login', {
    user_email,
    password,
    ...(altcha ? { altcha } : {}),
  });

/** Logs in and returns the token, failing the test when the login is refused. */
export async function loginToken(
  server: TestServer,
  company: TestCompany,
  email: string,
  password: string,
): Promise<UserToken> {
  const reply = await login(server, company, email, password);
  if (!reply.result) throw new Error(`login refused: ${JSON.stringify(reply.messages)}`);
  return reply.data.user_token;
}

interface Mailbox {
  port: number;
  /** Resolves with the next message delivered (raw RFC 822 text). */
  next(): Promise<string>;
  received: string[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a free port, keeping every message it receives. */
/**
 * A mailbox for the test file: call it above `useTestServer`, so that it starts before the server
 * that mails to it and closes after it; `smtpUrl()` is the server's SMTP_URL.
 */
export function useMailbox(): { readonly box: Mailbox; smtpUrl(): string } {
  let box: Mailbox | undefined;
  beforeAll(async () => {
    box = await startMailbox();
  });
  afterAll(() => box?.close());
  const ready = () => {
    if (!box) throw new Error('The mailbox is not started: read it inside hooks and tests.');
    return box;
  };
  return {
    get box() {
      return ready();
    },
    smtpUrl: () => `smtp://127.0.0.1:${ready().port}`,
  };
}

async function startMailbox(): Promise<Mailbox> {
  const received: string[] = [];
  const waiting: Array<(raw: string) => void> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push(raw);
        waiting.shift()?.(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  let taken = 0;
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    next: () =>
      new Promise((resolve) => {
        const ready = received[taken];
        taken += 1;
        if (ready !== undefined) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}

/** Undoes quoted-printable (soft line breaks, =XX) so that links can be read from a raw mail. */
export const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

interface ResetLink {
  url: URL;
  token: string;
  company: string;
}

export function resetLinkIn(rawMail: string): ResetLink {
  const match = /https?:\/\/\S+?\/password-reset\?token=[\w-]+&company=[a-z0-9-]+/.exec(
    decodeQuotedPrintable(rawMail),
  );
  if (!match) throw new Error(`no reset link in:\n${rawMail}`);
  const url = new URL(match[0]);
  return {
    url,
    token: url.searchParams.get('token') ?? '',
    company: url.searchParams.get('company') ?? '',
  };
}
