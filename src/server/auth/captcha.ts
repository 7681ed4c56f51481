/**
 * ALTCHA proof-of-work, self-hosted: the server signs a challenge, the browser solves it, and the
 * solution comes back as `altcha` in the payload. Solutions are single use.
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export class Captcha {
  private readonly secret = randomBytes(32).toString('hex');
  private readonly keySecret = randomBytes(32).toString('hex');
  private readonly used = new Map<string, number>();

  constructor(private readonly cost = 5_000) {}

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.cost,
      counter: randomInt(2_000, 6_000),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /** `altcha` is the widget's base64 JSON payload (or the decoded object). */
  async verify(altcha: unknown): Promise<boolean> {
    try {
      const payload = (typeof altcha === 'string'
        ? JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'))
        : altcha) as { challenge: Challenge; solution: never };
      const nonce = payload?.challenge?.parameters?.nonce;
      if (!nonce || this.used.has(nonce)) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.secret,
        hmacKeySignatureSecret: this.keySecret,
      });
      if (!result.verified) return false;
      this.forgetExpired();
      this.used.set(nonce, Date.now());
      return true;
    } catch {
      return false;
    }
  }

  private forgetExpired(): void {
    const cutoff = Date.now() - CHALLENGE_TTL_MS;
    for (const [nonce, at] of this.used) if (at < cutoff) this.used.delete(nonce);
  }
}
