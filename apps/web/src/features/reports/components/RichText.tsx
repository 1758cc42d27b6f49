import { parseRichText } from '@bloom/domain/format';

/**
 * Content text with its paragraphs, line breaks and bold runs, rendered as React text (never as
 * HTML): `parseRichText` drops every tag but <strong>/<b>, so nothing in a text can inject markup.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const paragraphs = parseRichText(text);
  return (
    <div className={className}>
      {paragraphs.map((lines, p) => (
        <p key={p}>
          {lines.map((line, l) => (
            <span key={l}>
              {l > 0 && <br />}
              {line.map((segment, s) => (segment.bold ? <strong key={s}>{segment.text}</strong> : <span key={s}>{segment.text}</span>))}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
