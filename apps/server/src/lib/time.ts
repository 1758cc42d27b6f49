/** Timestamps are stored as ISO-8601 UTC text so both databases sort and compare them alike. */
export const isoNow = (): string => new Date().toISOString();
export const isoIn = (milliseconds: number): string => new Date(Date.now() + milliseconds).toISOString();
