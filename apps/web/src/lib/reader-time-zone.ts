/**
 * The reader's IANA time zone ("America/Los_Angeles"), the one their clock and the app's dates
 * (lib/assessment-dates.ts) use; undefined where the browser does not tell. Sent with the checkout
 * call (GetPurchaseUrl's optional `timeZone`), so the mailed receipt dates the assessment as the
 * plan page does; the server checks it and falls back to UTC, labelled, when it does not know it.
 */
export function readerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
