/**
 * @bloom/domain/format: small, browser-safe text helpers (no content import).
 */
/** A whole count with en-US thousands separators: "12,345". */
export { formatCount } from './count';
/** A price in cents in its currency: "$9.99". */
export { formatPrice } from './price';
/** en-US long date in UTC: "March 5, 2026". */
export { formatLongDate } from './date';
/** Lowercase list with semicolons and a final "and": "rest; move; and bond". */
export { joinList } from './join-list';
/** Line breaks and <strong> → paragraphs of lines of {text, bold} segments (never HTML). */
export { parseRichText, richTextToPlain, type RichSegment, type RichLine, type RichParagraph } from './rich-text';
