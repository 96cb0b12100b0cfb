import { createHash, randomBytes } from 'node:crypto';
import { apiTokenPrefix } from '@esign/contract';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: 43 digits hold any 256-bit number, so every token has the same length. */
const digits = 43;

/** A new token: the prefix and 256 random bits in base62, always 53 characters. */
export function generateApiToken(): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let encoded = '';
  for (let index = 0; index < digits; index += 1) {
    encoded = alphabet.charAt(Number(value % 62n)) + encoded;
    value /= 62n;
  }
  return `${apiTokenPrefix}${encoded}`;
}

/** What the database keeps of a token, and what a request's token is looked up by. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
