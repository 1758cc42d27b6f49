import type { ReactNode } from 'react';
import journey from '../Journey.module.css';
import { RichText } from './RichText';
import styles from './PageIntro.module.css';

interface PageIntroProps {
  title: string;
  /** A short line above the title, e.g. "Positive Experiences · Petal 2 of 4". */
  eyebrow?: string;
  introText?: string;
  /** File name of the module graphic (served from /images/journey/). */
  graphic?: string;
  /** The page's adjustments (the Life Lotus keeps its intro narrower than the page). */
  className?: string;
  children?: ReactNode;
}

/** Title, intro and graphic at the top of a journey page. */
export function PageIntro({ title, eyebrow, introText, graphic, className, children }: PageIntroProps) {
  const classes = [styles.intro, graphic && styles.withGraphic, className].filter(Boolean).join(' ');
  return (
    <header className={classes}>
      <div>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={journey.title}>{title}</h1>
        {introText && <RichText text={introText} />}
        {children}
      </div>
      {graphic && <JourneyGraphic file={graphic} />}
    </header>
  );
}

/** Decorative illustration: the title already says what the page is about. */
function JourneyGraphic({ file }: { file: string }) {
  // Only plain asset names are accepted (content is validated server-side too); anything else is not shown.
  if (!/^[a-z0-9][a-z0-9-]*\.(svg|png|jpe?g|webp)$/i.test(file)) return null;
  return <img className={styles.graphic} src={`/images/journey/${file}`} alt="" width={240} height={240} />;
}
