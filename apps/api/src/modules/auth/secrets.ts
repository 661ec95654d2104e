import crypto from 'node:crypto';

/** Letters and digits without look-alikes (0/O, 1/l/I), so codes survive being read and typed. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return code;
}

/** A temporary password that also meets the registration password rule (lower, upper, digit). */
export function randomTemporaryPassword(): string {
  for (;;) {
    const candidate = randomCode(12);
    if (/[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

/** Keyed hash of a short secret: a stolen database does not give the codes away. */
export function keyedHash(key: Uint8Array, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
