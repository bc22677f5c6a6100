import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/**
 * argon2id at OWASP's recommended minimum (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1).
 * The PHC string keeps the parameters with the hash, so a hash made under older parameters is
 * recognised (needsRehash) and replaced at the next successful sign-in.
 */
export interface HashParameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const OWASP_ARGON2ID: HashParameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export class PasswordHasher {
  constructor(private readonly parameters: HashParameters = OWASP_ARGON2ID) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.parameters });
  }

  /** True when `password` matches; false for a wrong one or a hash that cannot be read. */
  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /** True when `stored` is not argon2id under the current parameters. */
  needsRehash(stored: string): boolean {
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    if (!match) return true;
    const [, m, t, p] = match.map(Number);
    return m !== this.parameters.memoryCost || t !== this.parameters.timeCost || p !== this.parameters.parallelism;
  }
}
