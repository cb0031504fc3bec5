import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { keyId } from '../../connections/token-crypto.ts';

/**
 * Archive encryption: AES-256-GCM in independent chunks, so an archive of any size is encrypted and
 * decrypted as a stream with flat memory, and every chunk is authenticated before a byte of it is used.
 *
 *   header  = "BOENC1" | key id (8 ASCII hex) | nonce prefix (8 random bytes)
 *   chunk   = length (4 bytes BE) | final flag (1 byte) | ciphertext | tag (16 bytes)
 *
 * The IV of chunk n is the nonce prefix then n (4 bytes BE); the additional data is the header, the
 * flag and n. Reordered, dropped or altered chunks fail their tag; an archive cut at a chunk boundary
 * has no chunk flagged final and is refused as truncated.
 */

export const ENCRYPTION_MAGIC = Buffer.from('BOENC1');
const HEADER_LENGTH = ENCRYPTION_MAGIC.length + 8 + 8;
const CHUNK = 64 * 1024;
const TAG = 16;

export class ArchiveDecryptionError extends Error {
  override name = 'ArchiveDecryptionError';
  constructor(readonly reason: 'truncated' | 'tampered' | 'wrongKey' | 'notEncrypted') {
    super(`archive decryption failed: ${reason}`);
  }
}

function iv(prefix: Buffer, counter: number): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(counter, 8);
  return value;
}

function aad(header: Buffer, final: boolean, counter: number): Buffer {
  const extra = Buffer.alloc(5);
  extra.writeUInt8(final ? 1 : 0, 0);
  extra.writeUInt32BE(counter, 1);
  return Buffer.concat([header, extra]);
}

/** Encrypts a byte stream under `key`. */
export function encryptStream(key: Buffer): Transform {
  const prefix = randomBytes(8);
  const header = Buffer.concat([ENCRYPTION_MAGIC, Buffer.from(keyId(key), 'ascii'), prefix]);
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let counter = 0;
  let headerSent = false;

  const seal = (plain: Buffer, final: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, iv(prefix, counter));
    cipher.setAAD(aad(header, final, counter));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const frame = Buffer.alloc(5);
    frame.writeUInt32BE(body.length, 0);
    frame.writeUInt8(final ? 1 : 0, 4);
    counter += 1;
    return Buffer.concat([frame, body, cipher.getAuthTag()]);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!headerSent) {
        this.push(header);
        headerSent = true;
      }
      pending.push(chunk);
      pendingLength += chunk.length;
      if (pendingLength > CHUNK) {
        let all = Buffer.concat(pending);
        // Keep at least one byte back: the last chunk must be the one flagged final.
        while (all.length > CHUNK) {
          this.push(seal(all.subarray(0, CHUNK), false));
          all = all.subarray(CHUNK);
        }
        pending = [all];
        pendingLength = all.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!headerSent) this.push(header);
      this.push(seal(Buffer.concat(pending), true));
      callback();
    },
  });
}

/** True when `start` (the first bytes of a file) is an encrypted archive. */
export const isEncrypted = (start: Buffer) =>
  start.length >= ENCRYPTION_MAGIC.length &&
  start.subarray(0, ENCRYPTION_MAGIC.length).equals(ENCRYPTION_MAGIC);

/** Decrypts what `encryptStream` wrote; fails with ArchiveDecryptionError on any damage or a wrong key. */
export function decryptStream(key: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let prefix: Buffer | null = null;
  let counter = 0;
  let sawFinal = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      try {
        if (!header) {
          if (buffered.length < HEADER_LENGTH) return callback();
          header = buffered.subarray(0, HEADER_LENGTH);
          if (!isEncrypted(header)) throw new ArchiveDecryptionError('notEncrypted');
          if (header.subarray(6, 14).toString('ascii') !== keyId(key))
            throw new ArchiveDecryptionError('wrongKey');
          prefix = header.subarray(14, 22);
          buffered = buffered.subarray(HEADER_LENGTH);
        }
        while (buffered.length >= 5) {
          if (sawFinal) throw new ArchiveDecryptionError('tampered');
          const length = buffered.readUInt32BE(0);
          const final = buffered.readUInt8(4) === 1;
          if (length > CHUNK) throw new ArchiveDecryptionError('tampered');
          if (buffered.length < 5 + length + TAG) break;
          const decipher = createDecipheriv('aes-256-gcm', key, iv(prefix!, counter));
          decipher.setAAD(aad(header, final, counter));
          decipher.setAuthTag(buffered.subarray(5 + length, 5 + length + TAG));
          let plain: Buffer;
          try {
            plain = Buffer.concat([decipher.update(buffered.subarray(5, 5 + length)), decipher.final()]);
          } catch {
            throw new ArchiveDecryptionError('tampered');
          }
          counter += 1;
          sawFinal = final;
          buffered = buffered.subarray(5 + length + TAG);
          if (plain.length) this.push(plain);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      if (!sawFinal || buffered.length > 0) return callback(new ArchiveDecryptionError('truncated'));
      callback();
    },
  });
}
