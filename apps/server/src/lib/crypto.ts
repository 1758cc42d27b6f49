import { createHash, randomBytes, randomUUID } from 'node:crypto';

/**
 * A new row id: a UUID version 7 (RFC 9562), the creation time in milliseconds followed by
 * 74 random bits. Ids made later sort later, so new rows go to the end of each primary-key
 * index instead of a random page of it: SQLite then rewrites the same few pages, and commits
 * and checkpoints copy fewer distinct pages (decision 0012). The time it carries is no more
 * than the row's own `created_at`; ids are never a secret (every one is checked against the
 * caller), and 74 random bits keep them unguessable all the same.
 */
export const newId = (): string => {
  // A version 4 UUID supplies the random bits and the variant; the first 48 bits become the time.
  const random = randomUUID();
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
};
/** 256 bits of randomness, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');
