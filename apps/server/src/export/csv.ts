/**
 * CSV writing per RFC 4180, made safe for spreadsheets.
 * - Rows end in CRLF; a field is quoted when it holds a comma, a quote, CR or LF, and
 *   quotes inside are doubled.
 * - Text that a spreadsheet would run as a formula (starting with = + - @, a tab or CR)
 *   gets a leading apostrophe (OWASP "CSV injection"). Numbers are written as numbers and
 *   are never changed, so a negative number stays a number.
 */
export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Puts the UTF-8 byte-order mark before a CSV document. Excel reads a CSV without one in the
 * system code page, so names in any other script ("Zürich 🌸") come out garbled; with it, as
 * UTF-8. Only for the file made to be opened in a spreadsheet, the coach's bloom-groups.csv: the
 * admin's data.csv (decision 0007) and the research export have none, for R and other readers
 * that would take the mark as part of the first column's name.
 */
export function withByteOrderMark(csv: string): string {
  return `\uFEFF${csv}`;
}
