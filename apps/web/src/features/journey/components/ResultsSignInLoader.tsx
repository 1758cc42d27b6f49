import { lazy, Suspense } from 'react';

/**
 * A step between the results pages and the journey's sign-in block (SessionEndedNotice's
 * ResultsSignInNeeded), loaded by them only when a read found no session (ResultsSignedOut,
 * Individual Differences). A page's first paint names the chunks of each import it may make, with
 * the chunks they import in turn: this one needs only what the entry has, so the pages name it
 * alone rather than the block's half dozen, each a hashed file name (docs/performance.md's 100 KB
 * budget). The block comes a moment later.
 *
 * The block is in SessionEndedNotice, not SessionEnded: the question pages load SessionEnded, whose
 * modules shared with their first paint would be split out of it (a file more in that first paint)
 * once a page without them could load it too.
 */
const Block = lazy(async () => ({ default: (await import('./SessionEndedNotice')).ResultsSignInNeeded }));

export function ResultsSignInLoader(props: { startPath: string; part: boolean }) {
  return (
    <Suspense>
      <Block {...props} />
    </Suspense>
  );
}
