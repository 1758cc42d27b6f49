import { parseRichText } from '@bloom/domain/format';
import styles from './RichText.module.css';

/**
 * Content text with honoured line breaks and bold <strong> runs (spec 01 §9), never rendered as
 * HTML. Content uses single line breaks between thoughts, so every line gets its own paragraph.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const lines = parseRichText(text).flat();
  return (
    <div className={className ? `${styles.text} ${className}` : styles.text}>
      {lines.map((line, i) => (
        <p key={i}>
          {line.map((segment, j) => (segment.bold ? <strong key={j}>{segment.text}</strong> : <span key={j}>{segment.text}</span>))}
        </p>
      ))}
    </div>
  );
}
