/**
 * What the coach dashboard remembers of itself per history entry, so that Back (and Forward)
 * return the page as it was left (WCAG 2.4.3): the sections the coach opened or closed, the
 * search they had made, and the link they left by. It lives in the entry's own state (`history.state`, beside the router's
 * `usr`, `key` and `idx`): Back and Forward find it, also once the page has been loaded again
 * (Back from another site), while a new entry (a link to the dashboard, an address typed) starts
 * with nothing, as does a reload: a fresh visit starts as drawn by default.
 */
export interface RememberedSections {
  /** The sections opened (true) or closed (false) by the coach, by id. */
  open: Record<string, boolean>;
  /** The search the dashboard showed results for (none when absent). */
  search?: string;
  /** The link the coach left by: the id of the section holding it, and its href. */
  left?: { section: string; href: string };
  /** The document that wrote it (its time origin). */
  document?: number;
}

type EntryState = { key?: string; coachSections?: RememberedSections } | null | undefined;

/** The router's key of an entry ("default" for the one the page was loaded in). */
const keyOf = (state: EntryState) => state?.key ?? 'default';

/**
 * A record another document wrote counts only when this one was loaded by Back or Forward. Only
 * the entry a document was loaded in can hold one, and the browser keeps an entry's state when it
 * reloads it (Chrome also when the same address is opened again), which is to start afresh.
 */
const fromAnotherVisit = (sections: RememberedSections) =>
  sections.document !== performance.timeOrigin && (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type !== 'back_forward';

/** What `state` remembers, if it is the entry of the page whose location key is `key`. */
export function rememberedIn(state: unknown, key: string): RememberedSections | undefined {
  const entry = state as EntryState;
  const sections = keyOf(entry) === key ? entry?.coachSections : undefined;
  return sections && !fromAnotherVisit(sections) ? sections : undefined;
}

/** `state` remembering `sections` instead, written by this document; the router's own fields kept. */
export function remembering(state: unknown, sections: RememberedSections): object {
  return { ...(state as object | null), coachSections: { ...sections, document: performance.timeOrigin } };
}

/** The last record written, and the entry (key) it belongs to. */
let kept: { key: string; sections: RememberedSections } | undefined;

function store(sections: RememberedSections): void {
  try {
    window.history.replaceState(remembering(window.history.state, sections), '');
  } catch {
    // Safari limits how often replaceState may be called: the page goes on, Back forgets this change.
  }
}

/**
 * Changes what the entry of the page (location key `key`) remembers. Nothing when that entry is no
 * longer the current one: a move away is under way and the old page is still on screen.
 */
export function remember(key: string, change: (sections: RememberedSections) => RememberedSections): void {
  const state: unknown = window.history.state;
  if (keyOf(state as EntryState) !== key) return;
  const before = rememberedIn(state, key) ?? { open: {} };
  const after = change(before);
  if (after === before) return;
  if (!kept) {
    // A link to a part of the page (the skip link) makes an entry of the same page, which the
    // router stamps with its own fields only (after this listener's turn, as it listened first):
    // the page on screen is as remembered last, so that entry remembers it too.
    window.addEventListener('popstate', () => {
      if (kept && keyOf(window.history.state as EntryState) === kept.key) store(kept.sections);
    });
  }
  kept = { key, sections: after };
  store(after);
}

/** Remembers section `id` open or closed; a section as drawn by default is not written down. */
export function rememberOpen(key: string, id: string, open: boolean, defaultOpen: boolean): void {
  remember(key, (sections) => {
    if ((sections.open[id] ?? defaultOpen) === open) return sections;
    return { ...sections, open: { ...sections.open, [id]: open } };
  });
}

/** What the entry of the page (location key `key`) remembers of section `id`: open or closed, and the link left by when it is there. */
export function rememberedSection(key: string, id: string): { open?: boolean; leftBy?: string } {
  const sections = rememberedIn(window.history.state, key);
  return { open: sections?.open[id], leftBy: sections?.left?.section === id ? sections.left.href : undefined };
}

/** Remembers the link the coach leaves by (section `id`, link `href`), or forgets it (null) once focus is back on it. */
export function rememberLeaving(key: string, left: RememberedSections['left'] | null): void {
  remember(key, (sections) => {
    if (left) return { ...sections, left };
    if (!sections.left) return sections;
    const { left: _forgotten, ...rest } = sections;
    return rest;
  });
}

/** Remembers the search the dashboard shows results for ('' for none). */
export function rememberSearch(key: string, search: string): void {
  remember(key, (sections) => {
    if ((sections.search ?? '') === search) return sections;
    const { search: _old, ...rest } = sections;
    return search ? { ...rest, search } : rest;
  });
}

/** The search the entry of the page (location key `key`) remembers ('' for none). */
export const rememberedSearch = (key: string): string => rememberedIn(window.history.state, key)?.search ?? '';
