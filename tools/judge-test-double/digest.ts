// Deterministic numbers from text: the judge test double's only source of "randomness", so that one prompt
// always gets one answer and one seed always gets one pattern of faults, whatever order requests arrive in.
import { createHash } from 'node:crypto';

/** A 32-bit seed from the parts (joined with NUL, so ['ab', 'c'] and ['a', 'bc'] differ). */
export function seedOf(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

/** Uniform in [0, 1) from the parts. */
export function unitOf(...parts: string[]): number {
  return seedOf(...parts) / 2 ** 32;
}
