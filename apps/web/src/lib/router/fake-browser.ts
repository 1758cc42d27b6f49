/**
 * For tests only (nothing in the app imports it): a browser's session history, as much of it as
 * the app's browser history (history.ts) and what keeps state in its entries use. Entries with
 * their state and address; pushState and replaceState, which store a copy of the state as
 * browsers do; go(), which (as in browsers) moves a moment later and then fires popstate; and
 * `followLink`, the browser following an `<a href="#…">` itself: a new entry without state (or the
 * same entry, for the address already shown), then popstate.
 */
export class FakeBrowser {
  entries: { url: URL; state: unknown }[];
  index = 0;
  /** How many times replaceState was called. */
  replaced = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(start = '/Dashboard') {
    this.entries = [{ url: new URL(start, 'https://bloom.test'), state: null }];
  }

  get current() {
    return this.entries[this.index]!;
  }

  readonly window = (() => {
    const current = () => this.current;
    return {
      location: {
        get pathname() {
          return current().url.pathname;
        },
        get search() {
          return current().url.search;
        },
        get hash() {
          return current().url.hash;
        },
        assign: (url: string) => {
          throw new Error(`loaded ${url}`);
        },
      },
      history: {
        get state() {
          return current().state;
        },
        pushState: (state: unknown, _title: string, url: string) => {
          this.entries.splice(this.index + 1, this.entries.length, { url: new URL(url, this.current.url), state: structuredClone(state) });
          this.index += 1;
        },
        replaceState: (state: unknown, _title: string, url?: string) => {
          this.replaced += 1;
          this.entries[this.index] = { url: url ? new URL(url, this.current.url) : this.current.url, state: structuredClone(state) };
        },
        go: (delta: number) => {
          const target = this.index + delta;
          if (target < 0 || target >= this.entries.length || delta === 0) return;
          setTimeout(() => {
            this.index = target;
            this.pop();
          }, 0);
        },
      },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'popstate') this.listeners.push(listener);
      },
    };
  })();

  back(): Promise<void> {
    this.window.history.go(-1);
    return settle();
  }

  followLink(hash: string): Promise<void> {
    const url = new URL(hash, this.current.url);
    if (url.href === this.current.url.href) this.entries[this.index] = { url, state: null };
    else {
      this.entries.splice(this.index + 1, this.entries.length, { url, state: null });
      this.index += 1;
    }
    this.pop();
    return settle();
  }

  private pop(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Lets every go() scheduled so far, and the ones their popstate handlers schedule, happen. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
