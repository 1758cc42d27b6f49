import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from './accounts';
import { IDP_PATH } from './provider';

/**
 * "Device cookies" (OWASP, Slow Down Online Guessing Attacks with Device Cookies): after a
 * successful sign-in the browser keeps a signed token naming the account. Sign-in attempts
 * that bring one are limited on their own, so a stranger's wrong guesses at the same e-mail,
 * which fill the limit for unknown browsers, never lock the owner out of a browser they have
 * used before (decision 0021).
 *
 * A token is `{browserId}.{mac}`, the MAC an HMAC-SHA256 over the normalized e-mail, the
 * browser id and the account's credential stamp with a server secret, so a token from one's own
 * account is worthless for another address and cannot be forged. The stamp is drawn from the
 * account's current password hash: a new password (a reset, a change, an admin address confirmed
 * with one) voids every token made with the old one, so whoever knew it keeps no allowance of its
 * own (a rehash with new argon2 settings voids them too, once). One cookie holds the tokens of the
 * last few accounts used in that browser (a shared family computer), newest first.
 */
const KNOWN_BROWSER_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS_PER_BROWSER = 5;
const TOKEN_SEPARATOR = '~';
/** Sent only to the sign-in forms, nowhere else in Bloom. */
const COOKIE_PATH = `${IDP_PATH}/interaction/`;

export function knownBrowserCookieName(secure: boolean): string {
  // __Secure- (not __Host-, which demands Path=/) still guarantees the cookie was set over HTTPS.
  return secure ? '__Secure-bloom_known_browser' : 'bloom_known_browser';
}

export class KnownBrowsers {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /**
   * This browser's id for the account of `email`, when it signed in to that account since its
   * password was last set (`stamp`, from password-stamp.ts credentialStamp); otherwise null.
   */
  recognise(request: FastifyRequest, email: string, stamp: string): string | null {
    for (const token of this.tokens(request)) {
      const [browserId, mac] = token.split('.');
      if (browserId && mac && this.macMatches(email, stamp, browserId, mac)) return browserId;
    }
    return null;
  }

  /** After a successful sign-in or sign-up: remembers this browser for the account, keeping its id if it had one. */
  remember(request: FastifyRequest, reply: FastifyReply, email: string, stamp: string): void {
    const browserId = this.recognise(request, email, stamp) ?? randomBytes(16).toString('base64url');
    // A token of this address made with an older password matches nothing any more; it gives way
    // to newer tokens as the cookie keeps only the last few.
    const others = this.tokens(request).filter((token) => token.split('.')[0] !== browserId);
    const tokens = [`${browserId}.${this.mac(email, stamp, browserId)}`, ...others].slice(0, MAX_ACCOUNTS_PER_BROWSER);
    reply.setCookie(knownBrowserCookieName(this.secure), tokens.join(TOKEN_SEPARATOR), {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: KNOWN_BROWSER_MAX_AGE_SECONDS,
    });
  }

  private tokens(request: FastifyRequest): string[] {
    const value = request.cookies[knownBrowserCookieName(this.secure)] ?? '';
    // Bounded, so a crafted cookie cannot make one request compute many MACs.
    return value.split(TOKEN_SEPARATOR).filter(Boolean).slice(0, MAX_ACCOUNTS_PER_BROWSER);
  }

  private mac(email: string, stamp: string, browserId: string): string {
    return createHmac('sha256', this.secret).update(`known-browser\n${normalizeEmail(email)}\n${stamp}\n${browserId}`).digest('base64url');
  }

  private macMatches(email: string, stamp: string, browserId: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(email, stamp, browserId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
