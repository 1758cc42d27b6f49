import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import type { Testimonial } from '../api/types';
import { CAROUSEL_TEXT as T } from '../content/carousel';
import { testimonialImageCandidates } from '../logic/testimonials';
import journey from '../Journey.module.css';
import styles from './TestimonialCarousel.module.css';

/** Spec 01 §9: autoplay every 4000 ms, a slow (≈1 s) slide, looping, dots shown, arrows hidden. */
const AUTOPLAY_DELAY_MS = 4000;
/** Embla's `duration` is in its own units (default 25, 20–60 recommended); 50 is a calm glide of about a second. */
const SLIDE_DURATION = 50;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Testimonials that play by themselves, pause while hovered or focused, and can be paused for good
 * (WCAG 2.2.2). With reduced motion they start paused and never animate a slide.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const reducedMotion = useMemo(prefersReducedMotion, []);
  // Hover and focus pausing is handled here rather than by the plugin, so that a user's explicit
  // pause is never undone when the pointer leaves.
  const autoplay = useMemo(
    () => Autoplay({ delay: AUTOPLAY_DELAY_MS, playOnInit: false, jump: reducedMotion, stopOnInteraction: true, stopOnFocusIn: false }),
    [reducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: SLIDE_DURATION }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const pauseRef = useRef<HTMLButtonElement>(null);
  const shouldPlay = !paused && !hovered && !focused;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    const sync = () => (shouldPlay ? autoplay.play() : autoplay.stop());
    sync();
    // A drag stops the plugin (stopOnInteraction); resume afterwards unless something else pauses it.
    embla.on('pointerUp', sync);
    return () => {
      embla.off('pointerUp', sync);
    };
  }, [embla, autoplay, shouldPlay]);

  if (testimonials.length === 0) return null;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-labelledby="carousel-title"
      // Focus on a slide or dot pauses; focus on the play/pause button does not, or Play could never start.
      onFocus={(event) => setFocused(event.target !== pauseRef.current)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <h2 id="carousel-title" className={journey.subtitle}>
        {T.title}
      </h2>
      <div className={styles.viewport} ref={viewportRef} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
        <div className={styles.track}>
          {testimonials.map((t, i) => (
            <div
              key={t.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={T.slide(i + 1, testimonials.length)}
              aria-hidden={i !== selected || undefined}
            >
              <TestimonialCard testimonial={t} />
            </div>
          ))}
        </div>
      </div>
      {/* Stories are labelled illustrative unless the content states they are real members' words. */}
      {testimonials.some((t) => t.illustrative !== false) && (
        <p className={styles.note}>{T.illustrative}</p>
      )}
      <div className={styles.controls}>
        <Button ref={pauseRef} variant="outline" size="small" className={styles.pause} onClick={() => setPaused((p) => !p)}>
          {paused ? T.play : T.pause}
        </Button>
        <div className={styles.dots}>
          {testimonials.map((t, i) => (
            <button
              key={t.id}
              type="button"
              className={styles.dot}
              aria-label={T.show(i + 1, testimonials.length)}
              aria-current={i === selected || undefined}
              onClick={() => embla?.scrollTo(i, reducedMotion)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const candidates = testimonialImageCandidates(testimonial.image);
  // Tries each candidate in turn; when none loads, the card shows the quote alone.
  const [attempt, setAttempt] = useState(0);
  const src = candidates[attempt];
  return (
    <figure className={styles.testimonial}>
      {src && (
        <img
          key={src}
          className={styles.image}
          src={src}
          alt={testimonial.alt}
          width={96}
          height={96}
          // Slides out of view load when they come near it: each image is a document of its own.
          loading="lazy"
          onError={() => setAttempt((n) => n + 1)}
        />
      )}
      <blockquote className={styles.quote}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={styles.name}>{testimonial.attribution}</figcaption>
    </figure>
  );
}
