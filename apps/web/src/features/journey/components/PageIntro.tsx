import type { ReactNode } from 'react';
import { RichText } from './RichText';

interface PageIntroProps {
  title: string;
  /** A short line above the title, e.g. "Positive Experiences · Petal 2 of 4". */
  eyebrow?: string;
  introText?: string;
  /** File name of the module graphic (served from /images/journey/). */
  graphic?: string;
  children?: ReactNode;
}

/** Title, intro and graphic at the top of a journey page. */
export function PageIntro({ title, eyebrow, introText, graphic, children }: PageIntroProps) {
  return (
    <header className={graphic ? 'journey-intro journey-intro--with-graphic' : 'journey-intro'}>
      <div className="journey-intro__text">
        {eyebrow && <p className="journey-eyebrow">{eyebrow}</p>}
        <h1 className="journey-title">{title}</h1>
        {introText && <RichText text={introText} className="journey-intro__body" />}
        {children}
      </div>
      {graphic && <JourneyGraphic file={graphic} />}
    </header>
  );
}

/** Decorative illustration: the title already says what the page is about. */
export function JourneyGraphic({ file }: { file: string }) {
  // Only plain asset names are accepted (content is validated server-side too); anything else is not shown.
  if (!/^[a-z0-9][a-z0-9-]*\.(svg|png|jpe?g|webp)$/i.test(file)) return null;
  return <img className="journey-graphic" src={`/images/journey/${file}`} alt="" width={240} height={240} />;
}
