/**
 * ALTCHA proof-of-work, self-hosted: the server signs a challenge, the browser solves it, and the
 * solution comes back as `altcha` in the payload. The signing keys live in the database, so a
 * challenge from one server verifies on any other; a solution is accepted once by the whole
 * deployment (its nonce is claimed in captcha_uses; the in-memory set only saves a query).
 * Both go through the request's own transaction, never the shared pool: a request holding a
 * pooled connection must not wait for a second one (50 concurrent challenges once hung the pool).
 * A challenge names the clinic it was asked for in its signed parameters (`data.company`), and a
 * solution counts only at that clinic's login: solving one for clinic A never opens clinic B.
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Tx } from '../db/tenancy';
import { sharedSecret } from './server-secrets';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Expired claims are swept at most this often, not by every claim (the deletes would queue). */
const SWEEP_EVERY_MS = 60 * 1000;

interface CaptchaOptions {
  /** PBKDF2 iterations per attempt: the work a browser spends (≈ 5 s at 5,000). */
  cost: number;
}

interface Secrets {
  signature: string;
  keySignature: string;
}

/** What the widget sends: base64 JSON of {challenge, solution} (or that object decoded). */
function decodePayload(altcha: unknown): { challenge?: Challenge; solution?: never } | null {
  try {
    return (
      typeof altcha === 'string'
        ? JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'))
        : altcha
    ) as { challenge?: Challenge; solution?: never } | null;
  } catch {
    return null;
  }
}

export class Captcha {
  private secrets: Secrets | null = null;
  /** Nonces of accepted solutions until their challenge expires. */
  private readonly used = new Map<string, number>();
  private sweptAt = 0;

  constructor(private readonly options: CaptchaOptions = { cost: 5_000 }) {}

  /** A challenge for the login of company `companyId`. */
  async challenge(trx: Tx, companyId: number): Promise<Challenge> {
    const secrets = await this.loadSecrets(trx);
    return createChallenge({
      data: { company: companyId },
      algorithm: 'PBKDF2/SHA-256',
      cost: this.options.cost,
      counter: randomInt(2_000, 6_000),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
  }

  /**
   * True when `altcha` is a valid solution, of a challenge asked for company `companyId`, not
   * used before. The company is read before the signature is checked, which then vouches for it.
   * The claim is part of the request's
   * transaction: should that roll back, nothing the solution allowed was saved, and another server
   * may accept it once more (this one still refuses it, from memory).
   */
  async verify(trx: Tx, altcha: unknown, companyId: number): Promise<boolean> {
    if (altcha === undefined || altcha === null || altcha === '') return false;
    const secrets = await this.loadSecrets(trx);
    const payload = decodePayload(altcha);
    const nonce = payload?.challenge?.parameters?.nonce;
    if (!payload?.challenge || !payload.solution || !nonce || this.used.has(nonce)) return false;
    if (payload.challenge.parameters.data?.company !== companyId) return false;
    // Reserved before the await, so two requests racing with one solution cannot both pass.
    this.used.set(nonce, Date.now());
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    }).then(
      (result) => result.verified,
      () => false,
    );
    if (!verified) {
      this.used.delete(nonce);
      return false;
    }
    this.forgetExpired();
    // A database error here is the request's to answer (its transaction is then unusable).
    return this.claim(trx, nonce);
  }

  /** The secrets are committed rows (migration 0015), so caching them is safe whatever
   *  becomes of the transaction that read them. */
  private async loadSecrets(trx: Tx): Promise<Secrets> {
    if (!this.secrets) {
      const signature = await sharedSecret(trx, 'altcha_hmac_signature');
      const keySignature = await sharedSecret(trx, 'altcha_hmac_key_signature');
      this.secrets = { signature, keySignature };
    }
    return this.secrets;
  }

  /** True for the first server to claim the nonce; another server may have accepted it. */
  private async claim(trx: Tx, nonce: string): Promise<boolean> {
    if (Date.now() - this.sweptAt > SWEEP_EVERY_MS) {
      this.sweptAt = Date.now();
      await trx.deleteFrom('captcha_uses').where('expires_at', '<', new Date()).execute();
    }
    const claimed = await trx
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
