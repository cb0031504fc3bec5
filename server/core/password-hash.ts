import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane.
const PARAMETERS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(password: string, nonce: Buffer, params: typeof PARAMETERS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2('argon2id', { message: password, nonce, ...params }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a password with argon2id into a PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash). */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const key = await derive(password, nonce, PARAMETERS);
  const { memory, passes, parallelism } = PARAMETERS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${nonce.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a PHC string made by hashPassword. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: compared against when an email is unknown, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
