import { randomBytes } from 'node:crypto';
import t from 'tap';
import {
  decryptToken,
  encryptToken,
  keyId,
  lastFour,
  maskToken,
  parseKey,
  TokenKeyMismatchError,
} from '../../server/domains/connections/token-crypto.ts';

// Tokens at rest (server/domains/connections/token-crypto.ts): AES-256-GCM bound to the connection.

const key = randomBytes(32);
const token = 'ATATT3xFfGF0-very-secret-jira-api-token-1234';

t.test('a token round-trips, and its ciphertext shows nothing of it', async (t) => {
  const stored = encryptToken(key, 'connection-1', token);
  t.equal(decryptToken(key, 'connection-1', stored), token);
  t.notMatch(stored, token);
  t.notMatch(stored, 'secret');
  t.match(stored, new RegExp(`^v1\\.${keyId(key)}\\.`), 'names the key by a hash prefix, not the key');
  t.not(encryptToken(key, 'connection-1', token), stored, 'a fresh nonce each time');
});

t.test('another key, another connection or a changed byte do not decrypt', async (t) => {
  const stored = encryptToken(key, 'connection-1', token);
  t.throws(() => decryptToken(randomBytes(32), 'connection-1', stored), TokenKeyMismatchError);
  t.throws(() => decryptToken(key, 'connection-2', stored), 'bound to its connection');
  const parts = stored.split('.');
  const ciphertext = Buffer.from(parts[4]!, 'base64url');
  ciphertext[0] = ciphertext[0]! ^ 1;
  parts[4] = ciphertext.toString('base64url');
  t.throws(() => decryptToken(key, 'connection-1', parts.join('.')), 'authenticated: a change is caught');
});

t.test('the key is 32 bytes, as hex or base64', async (t) => {
  t.same(parseKey(key.toString('hex')), key);
  t.same(parseKey(key.toString('base64')), key);
  t.same(parseKey(key.toString('base64url')), key);
  t.throws(() => parseKey('c2hvcnQ='));
});

t.test('the mask shows the last four characters of a long token only', async (t) => {
  t.equal(maskToken(lastFour(token)), '••••••••1234');
  t.equal(lastFour('short-token'), '', 'most of a short token would show');
});
