import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's recommended parameters: m=19 MiB, t=2, p=1.
const options = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Passwords are hashed in Unicode NFKC (NIST SP 800-63B-4 §3.1.1.2), so "é" typed as one code
 * point or as e + accent, or a ligature, is the same password on every keyboard.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), options);
}

async function verifies(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Checks the NFKC form; a password whose form differs is also tried as typed (hashes made before NFKC). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const normal = password.normalize('NFKC');
  if (await verifies(passwordHash, normal)) return true;
  return normal !== password && verifies(passwordHash, password);
}

// A real hash to verify against when the email is unknown, so response time does not reveal accounts.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
