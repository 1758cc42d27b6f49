import { referrerSchema } from '@bloom/contracts';
import { badRequest } from '../http/errors';

/**
 * Referrers are stored and later shown to admins, so only two kinds are accepted:
 * plain labels ("newsletter", "coach-jane") and http(s) URLs. Anything with another
 * scheme (javascript:, data:, …), control characters or angle brackets is refused.
 */
export function normalizeReferrer(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  const parsed = referrerSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('The referrer must be text of at most 500 characters.');
  const value = parsed.data.trim();
  if (value === '') return null;
  if (/[\p{Cc}\p{Cf}\p{Cs}<>"`]/u.test(value)) throw badRequest('The referrer contains characters that are not allowed.');
  if (looksLikeUrl(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw badRequest('The referrer is neither a plain label nor a valid http(s) URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('Only http and https referrer URLs are accepted.');
    if (url.username || url.password) throw badRequest('Referrer URLs must not contain credentials.');
    return url.href.length <= 500 ? url.href : value;
  }
  return value;
}

/** A scheme is letters, digits, + - . before a colon; "utm:x" or "javascript:…" both count, so they must pass the URL rules. */
function looksLikeUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');
}
