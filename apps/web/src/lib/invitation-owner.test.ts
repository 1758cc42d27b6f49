import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetInvite, rememberedInvite, rememberInvite } from './invitation-link';
import { keepInviteFor } from './invitation-owner';

/** This tab's session storage, as the browser keeps it. */
const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the invitation a tab keeps is for the first account signed in after it was opened', () => {
  it('stays for that account, and for that account again', () => {
    rememberInvite('tok');
    keepInviteFor('u-1');
    expect(rememberedInvite()).toBe('tok');
    keepInviteFor('u-1');
    expect(rememberedInvite()).toBe('tok');
  });

  it('is forgotten, with whose it was, when another account signs in after that one (its session ended without a log-out)', () => {
    rememberInvite('tok');
    keepInviteFor('u-1');
    keepInviteFor('u-2');
    expect(rememberedInvite()).toBeNull();
    expect(storage.size).toBe(0);
  });

  it('a link opened later is for the next sign-in, whoever held the earlier one', () => {
    rememberInvite('old');
    keepInviteFor('u-1');
    rememberInvite('new');
    keepInviteFor('u-2');
    expect(rememberedInvite()).toBe('new');
    keepInviteFor('u-1');
    expect(rememberedInvite()).toBeNull();
  });

  it('a link accepted or refused leaves nothing for a sign-in to keep, and the next link is the next account’s', () => {
    rememberInvite('tok');
    keepInviteFor('u-1');
    forgetInvite();
    keepInviteFor('u-2');
    expect(rememberedInvite()).toBeNull();
    rememberInvite('tok-2');
    keepInviteFor('u-2');
    expect(rememberedInvite()).toBe('tok-2');
  });

  it('keeps nothing when the browser refuses session storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => keepInviteFor('u-1')).not.toThrow();
  });
});
