import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button } from '../../../components/ui/Button';
import { TESTIMONIALS, TESTIMONIALS_DISCLOSURE } from '../../../content/testimonials';
import { WELCOME_SHARED, type WelcomeCard, type WelcomeContent } from '../../../content/welcome';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useWelcomeActions } from '../hooks/useWelcomeActions';
import { WELCOME_ICONS } from './WelcomeIcons';
import styles from './WelcomeLayout.module.css';

function Cards({ cards, tone = 'plain' }: { cards: readonly WelcomeCard[]; tone?: 'plain' | 'tinted' }) {
  return (
    <ul role="list" className={styles.cards}>
      {cards.map((card) => {
        const Icon = WELCOME_ICONS[card.icon];
        return (
          <li key={card.title} className={tone === 'tinted' ? `${styles.card} ${styles.cardTinted}` : styles.card}>
            <span className={styles.cardIcon}>
              <Icon size={24} />
            </span>
            <h3 className={styles.cardTitle}>{card.title}</h3>
            <p className={styles.cardBody}>{card.body}</p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The shared body of the welcome pages (/, /Pro, /Client); copy comes from content/welcome.ts.
 * `notice` sits between the lead and the buttons: /Client's word about a coach's invitation.
 */
export function WelcomeLayout({ content, notice }: { content: WelcomeContent; notice?: ReactNode }) {
  const { user, isGuest } = useCurrentUser();
  const { runMain, mainBusy, logIn, logInBusy } = useWelcomeActions(content.action);
  // Spec 01 §1: Member Log In only when nobody is signed in or the user is a guest.
  const showMemberLogIn = content.offerMemberLogIn && (!user || isGuest);

  const mainButton = (variant: 'primary' | 'inverse') => (
    <Button size="large" variant={variant} onClick={runMain} busy={mainBusy}>
      {content.actionLabel}
    </Button>
  );

  return (
    <div className={styles.page}>
      <PageTitle title={content.headline} />

      <section className={styles.hero} aria-labelledby="welcome-headline">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{content.eyebrow}</p>
          <h1 id="welcome-headline" className={styles.headline}>
            {content.headline}
          </h1>
          <p className={styles.lead}>{content.lead}</p>
          {notice}
          <div className={styles.actions}>
            {mainButton('primary')}
            {showMemberLogIn && (
              <Button size="large" variant="secondary" onClick={logIn} busy={logInBusy}>
                {WELCOME_SHARED.memberLogIn}
              </Button>
            )}
          </div>
          <ul role="list" className={styles.facts}>
            {content.facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </div>
        <div className={styles.heroArt}>
          <img src="/images/hero-lotus.svg" alt={content.heroImageAlt} width="520" height="440" />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="welcome-reasons">
        <div className={styles.sectionHead}>
          <h2 id="welcome-reasons">{content.reasons.title}</h2>
          <p>{content.reasons.intro}</p>
        </div>
        <Cards cards={content.reasons.cards} />
      </section>

      {content.whyChoose && (
        <section className={`${styles.section} ${styles.band}`} aria-labelledby="welcome-why">
          <div className={styles.sectionHead}>
            <h2 id="welcome-why">{content.whyChoose.title}</h2>
            <p>{content.whyChoose.intro}</p>
          </div>
          <Cards cards={content.whyChoose.claims} tone="tinted" />
        </section>
      )}

      {content.steps && (
        <section className={`${styles.section} ${styles.band}`} aria-labelledby="welcome-steps">
          <div className={styles.sectionHead}>
            <h2 id="welcome-steps">{content.steps.title}</h2>
          </div>
          <ol className={styles.steps}>
            {content.steps.items.map((step) => (
              <li key={step.title} className={styles.stepItem}>
                <h3 className={styles.cardTitle}>{step.title}</h3>
                <p className={styles.cardBody}>{step.body}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      {content.benefits && (
        <section className={styles.section} aria-labelledby="welcome-benefits">
          <div className={styles.sectionHead}>
            <h2 id="welcome-benefits">{content.benefits.title}</h2>
          </div>
          <Cards cards={content.benefits.cards} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="welcome-stories">
        <div className={styles.sectionHead}>
          <h2 id="welcome-stories">{content.testimonials.title}</h2>
          <p>{content.testimonials.intro}</p>
        </div>
        <ul role="list" className={styles.stories}>
          {TESTIMONIALS.map((story) => (
            <li key={story.id} className={styles.story}>
              <img className={styles.storyImage} src={story.image} alt={story.alt} width="480" height="360" loading="lazy" decoding="async" />
              <figure className={styles.storyText}>
                <blockquote>
                  <p>“{story.quote}”</p>
                </blockquote>
                <figcaption>{story.attribution}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {TESTIMONIALS.some((story) => story.illustrative) && <p className={styles.disclosure}>{TESTIMONIALS_DISCLOSURE}</p>}
      </section>

      <section className={styles.closing} aria-labelledby="welcome-closing">
        <h2 id="welcome-closing">{content.closing.title}</h2>
        <p>{content.closing.body}</p>
        <div className={styles.actions}>{mainButton('inverse')}</div>
      </section>

      <footer className={styles.footer}>
        <p>{WELCOME_SHARED.disclaimer}</p>
      </footer>
    </div>
  );
}
