import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m = 19456 KiB, t = 2, p = 1). Tests that are not about hashing may
 * pass cheaper options through buildApp; production always uses these.
 */
export const OWASP_ARGON2ID: HashingCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface HashingCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

// @node-rs/argon2 declares Algorithm as a const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when a stored hash is weaker than the current cost (or not argon2id): rehash at sign-in. */
  needsRehash(passwordHash: string): boolean;
  /** Spends the same work as a real verify, so an unknown username answers as slowly as a wrong password. */
  verifyAgainstDummy(password: string): Promise<false>;
}

export async function createPasswordHasher(cost: HashingCost = OWASP_ARGON2ID): Promise<PasswordHasher> {
  const options: Options = { algorithm: ARGON2ID, ...cost };
  const dummyHash = await hash(randomBytes(32).toString('base64url'), options);
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // a malformed stored hash never signs anyone in
      }
    },
    needsRehash(passwordHash) {
      try {
        const stored = parseOptions(passwordHash);
        return (
          stored.algorithm !== ARGON2ID ||
          stored.memoryCost < cost.memoryCost ||
          stored.timeCost < cost.timeCost ||
          stored.parallelism < cost.parallelism
        );
      } catch {
        return true;
      }
    },
    async verifyAgainstDummy(password) {
      await verify(dummyHash, password).catch(() => false);
      return false;
    },
  };
}
