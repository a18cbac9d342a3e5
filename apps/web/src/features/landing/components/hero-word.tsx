import { useEffect, useState } from 'react';

/** The hero word cycle (browse-account-orders §2, §9: every 2 s among Lunch, Breakfast, Dinner and Food). */
export const HERO_WORDS = ['Lunch', 'Breakfast', 'Dinner', 'Food'] as const;
export const HERO_WORD_INTERVAL_MS = 2000;

/**
 * The rotating word of the hero heading. Screen readers get a stable heading (the visually
 * hidden sentence) and the changing word is aria-hidden with aria-live off, so nothing is
 * announced every 2 s. Under prefers-reduced-motion the word still changes, without the slide.
 * A pause button stops it (WCAG 2.2.2: content that moves on its own can be paused).
 */
export function HeroHeading({ before, after }: { before: string; after: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % HERO_WORDS.length), HERO_WORD_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const word = HERO_WORDS[index]!;
  return (
    <div className="hero-heading">
      <h1>
        <span className="visually-hidden">
          {before} {HERO_WORDS.slice(0, -1).join(', ')} or {HERO_WORDS[HERO_WORDS.length - 1]}
          {after}
        </span>
        <span aria-hidden="true">
          {before}{' '}
          <span className="hero-word-slot" aria-live="off">
            <span key={word} className="hero-word" data-testid="hero-word">
              {word}
            </span>
          </span>
          {after}
        </span>
      </h1>
      <button type="button" className="hero-word-toggle" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
        {paused ? 'Play word animation' : 'Pause word animation'}
      </button>
    </div>
  );
}
