/**
 * ALTCHA proof-of-work, self-hosted: the server signs a challenge, the browser solves it, and the
 * solution comes back as `altcha` in the payload. The signing keys live in the database, so a
 * challenge from one server verifies on any other; a solution is accepted once by the whole
 * deployment (its nonce is claimed in captcha_uses; the in-memory set only saves a query).
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { sharedSecret } from './server-secrets';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface CaptchaOptions {
  /** PBKDF2 iterations per attempt: the work a browser spends (≈ 5 s at 5,000). */
  cost: number;
}

interface Secrets {
  signature: string;
  keySignature: string;
}

/** What the widget sends: base64 JSON of {challenge, solution} (or that object decoded). */
const decodePayload = (altcha: unknown) =>
  (typeof altcha === 'string'
    ? JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'))
    : altcha) as { challenge?: Challenge; solution?: never } | null;

export class Captcha {
  private secrets: Promise<Secrets> | null = null;
  /** Nonces of accepted solutions until their challenge expires. */
  private readonly used = new Map<string, number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: CaptchaOptions = { cost: 5_000 },
  ) {}

  async challenge(): Promise<Challenge> {
    const secrets = await this.loadSecrets();
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.options.cost,
      counter: randomInt(2_000, 6_000),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
  }

  async verify(altcha: unknown): Promise<boolean> {
    if (altcha === undefined || altcha === null || altcha === '') return false;
    const secrets = await this.loadSecrets();
    let nonce: string | undefined;
    try {
      const payload = decodePayload(altcha);
      nonce = payload?.challenge?.parameters?.nonce;
      if (!payload?.challenge || !payload.solution || !nonce || this.used.has(nonce)) return false;
      // Reserved before the await, so two requests racing with one solution cannot both pass.
      this.used.set(nonce, Date.now());
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
      const accepted = result.verified && (await this.claim(nonce));
      if (!result.verified) this.used.delete(nonce);
      this.forgetExpired();
      return accepted;
    } catch {
      if (nonce) this.used.delete(nonce);
      return false;
    }
  }

  private loadSecrets(): Promise<Secrets> {
    if (!this.secrets) {
      const loading = Promise.all([
        sharedSecret(this.db, 'altcha_hmac_signature'),
        sharedSecret(this.db, 'altcha_hmac_key_signature'),
      ]).then(([signature, keySignature]) => ({ signature, keySignature }));
      // A failed load (database briefly away) is retried by the next request.
      void loading.catch(() => {
        if (this.secrets === loading) this.secrets = null;
      });
      this.secrets = loading;
    }
    return this.secrets;
  }

  /** True for the first server to claim the nonce; another server may have accepted it. */
  private async claim(nonce: string): Promise<boolean> {
    await this.db.deleteFrom('captcha_uses').where('expires_at', '<', new Date()).execute();
    const claimed = await this.db
      .insertInto('captcha_uses')
      .values({ nonce, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS) })
      .onConflict((conflict) => conflict.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  private forgetExpired(): void {
    const cutoff = Date.now() - CHALLENGE_TTL_MS;
    for (const [nonce, at] of this.used) if (at < cutoff) this.used.delete(nonce);
  }
}
