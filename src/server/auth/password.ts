import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). Algorithm 2 = argon2id.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the user does not exist keeps login timing the same either way.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password', options);
  return dummyHash;
}
