import { Algorithm, hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum: 19 MiB, 2 iterations, 1 lane.
const options = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Spent on unknown accounts too, so response time does not tell whether an email exists.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-1');
  await verifyPassword(await dummy, password);
}
