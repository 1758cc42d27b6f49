/**
 * A polite status line: always on the page, only its text changing, so screen readers say each
 * new text (a live region added with its text already in it often goes unsaid). Hidden while it
 * has nothing to say; `className` styles it when it has.
 */
export function StatusLine({ text, className = 'visually-hidden' }: { text: string | null | undefined; className?: string }) {
  return (
    <p className={text ? className : 'visually-hidden'} role="status">
      {text ?? ''}
    </p>
  );
}
