import { captureReferrer } from '../lib/referrer';

/** Spec 01 §7: the visit's referrer, read once when the app starts (before any navigation changes the URL). */
export const capturedReferrer: string | null = captureReferrer();
