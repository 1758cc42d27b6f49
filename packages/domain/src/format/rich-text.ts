/**
 * The text helper of spec 01 §9: content texts may contain line breaks and
 * <strong>…</strong>. This parses them into plain segments the web renders as React
 * text, so no content string is ever injected as HTML.
 *
 * Rules: a blank line (or </p><p>) starts a new paragraph; a single line break (or
 * <br>) starts a new line; <strong>/<b> make text bold until the closing tag (an
 * unclosed tag ends at the end of the text); every other tag is dropped, keeping its
 * inner text; the entities &amp; &lt; &gt; &quot; &#39; &nbsp; are decoded after tags
 * are read, so "&lt;strong&gt;" shows literally.
 */

export interface RichSegment {
  readonly text: string;
  readonly bold: boolean;
}
/** One line of a paragraph. */
export type RichLine = readonly RichSegment[];
/** Lines of one paragraph. */
export type RichParagraph = readonly RichLine[];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');

/** Parses rich text into paragraphs → lines → segments. Empty input gives []. */
export function parseRichText(text: string | null | undefined): RichParagraph[] {
  if (!text) return [];
  const normalized = text
    .replace(/\r\n?/g, '\n')
    .replace(/<\s*br\s*\/?\s*>/gi, '\n')
    .replace(/<\s*\/\s*p\s*>\s*<\s*p(\s[^>]*)?>/gi, '\n\n')
    .replace(/<\s*\/?\s*p(\s[^>]*)?>/gi, '\n\n');

  let bold = false;
  const paragraphs: RichParagraph[] = [];
  for (const block of normalized.split(/\n[ \t]*\n/)) {
    const lines: RichLine[] = [];
    for (const rawLine of block.split('\n')) {
      const segments: RichSegment[] = [];
      // Split on any tag; strong/b toggle bold, other tags vanish.
      for (const part of rawLine.split(/(<\/?[a-zA-Z][^>]*>)/)) {
        const tag = /^<(\/?)\s*(strong|b)\b[^>]*>$/i.exec(part);
        if (tag) {
          bold = tag[1] !== '/';
          continue;
        }
        if (/^<\/?[a-zA-Z][^>]*>$/.test(part)) continue;
        const value = decode(part);
        if (value === '') continue;
        const last = segments[segments.length - 1];
        if (last && last.bold === bold) segments[segments.length - 1] = { text: last.text + value, bold };
        else segments.push({ text: value, bold });
      }
      lines.push(trimLine(segments));
    }
    while (lines.length && lines[lines.length - 1]!.length === 0) lines.pop();
    while (lines.length && lines[0]!.length === 0) lines.shift();
    if (lines.length) paragraphs.push(lines);
  }
  return paragraphs;
}

/** Plain text of parsed rich text (paragraphs separated by a blank line). */
export function richTextToPlain(paragraphs: readonly RichParagraph[]): string {
  return paragraphs.map((p) => p.map((line) => line.map((s) => s.text).join('')).join('\n')).join('\n\n');
}

function trimLine(segments: RichSegment[]): RichSegment[] {
  const out = [...segments];
  if (out[0]) out[0] = { ...out[0], text: out[0].text.replace(/^[ \t]+/, '') };
  const end = out.length - 1;
  if (out[end]) out[end] = { ...out[end], text: out[end].text.replace(/[ \t]+$/, '') };
  return out.filter((s) => s.text !== '');
}
