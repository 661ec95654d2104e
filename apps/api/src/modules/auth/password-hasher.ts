import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended floor (19 MiB memory, 2 passes, 1 lane). The parameters are kept
 * in each hash, so raising them later still verifies older hashes.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
