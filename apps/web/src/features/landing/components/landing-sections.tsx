import { Fragment, startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Carousel, CarouselSkeleton } from '../../../components/carousel';
import { PresetCardView } from '../../../components/catalogue/preset-card';
import { RestaurantCardView } from '../../../components/catalogue/restaurant-card';
import { LoadWhenNear } from '../../../components/load-when-near';
import { paths } from '../../../config/paths';
import type { PresetSummary } from '../../../types/catalogue';
import { useHomePresets, type HomePresetsParams } from '../api/get-home-presets';
import './landing.css';

/** Only these preset groups are shown as carousels, in this order (browse-account-orders §2). */
export const HOME_PRESET_GROUPS = ['Healthy Lunch', 'Corporate Breakfast', 'Sandwich/Wrap & Salad Lunches'] as const;

/** Marketing copy only, not enforced (browse-account-orders §1). */
export const MEALS_DELIVERED_CLAIM = 'over 5,000,000 meals delivered';

const steps = [
  {
    title: 'Tell us where and when',
    text: 'Enter your office address and the delivery date and time. We only show caterers that can make it.',
  },
  {
    title: 'Pick a restaurant or a preset menu',
    text: 'Order from a restaurant’s full menu, or start from a ready-made menu and adjust it to your head count.',
  },
  {
    title: 'We deliver, you eat',
    text: 'Pay by card or bank debit. Edit or cancel until your order is processed; we text you 30 minutes before delivery.',
  },
];

const testimonials = [
  {
    quote:
      'Our Monday lunch-and-learns used to take me an hour of phone calls. Now I pick a preset, change two dishes and I am done.',
    name: 'Priya S.',
    role: 'Office Manager, Toronto',
  },
  {
    quote:
      'The dietary labels on every dish make it easy to feed a team of forty with vegan, halal and gluten-free colleagues.',
    name: 'Marc-André L.',
    role: 'Executive Assistant, Montréal',
  },
  {
    quote:
      'Delivery was on time for every board meeting this quarter, and the invoices land in our accounting inbox automatically.',
    name: 'Jessica T.',
    role: 'Operations Lead, Vancouver',
  },
];

/** Client logos of the trusted-by strip (generated artwork: /media/art/logo/{seed}.svg). */
const trustedBy = [
  { seed: '1-nf', name: 'Northbank Financial' },
  { seed: '2-ls', name: 'Lakeshore Studios' },
  { seed: '3-ph', name: 'Pinecrest Health' },
  { seed: '4-ma', name: 'Maple Analytics' },
  { seed: '5-hl', name: 'Harbour Legal' },
  { seed: '6-ct', name: 'Cobalt Tech' },
];

/**
 * Everything of the landing page below the hero (browse-account-orders §1, §2): carousels of
 * trending restaurants and of the three home preset groups, how it works, the meals-delivered
 * claim, testimonials, the demo-request form and the trusted-by strip. Loaded as its own
 * chunk after the hero has rendered.
 */
export function LandingSections({ delivery, demoForm }: { delivery: HomePresetsParams; demoForm: ReactNode }) {
  const { data: fresh, isError, refetch } = useHomePresets(delivery);
  // The carousels render in a transition, in slices between which the browser stays responsive
  // (one long render task would block input while the page loads: Total Blocking Time).
  const data = useDeferredValue(fresh);
  const groups = new Map<string, PresetSummary[]>(data?.presets.allPresets ?? []);

  const rows: { title: string; row: ReactNode }[] = [];
  if (data && data.presets.trendingRestaurants.length > 0) {
    rows.push({
      title: 'Trending restaurants',
      row: (
        <Carousel
          title="Trending restaurants"
          items={data.presets.trendingRestaurants}
          getKey={(r) => r.id}
          renderItem={(r) => <RestaurantCardView restaurant={r} />}
          aside={
            <Link to={paths.browseRestaurants.path} className="carousel-see-all">
              See all<span className="visually-hidden"> restaurants</span>
            </Link>
          }
        />
      ),
    });
  }
  for (const name of HOME_PRESET_GROUPS) {
    const presets = groups.get(name) ?? [];
    if (presets.length > 0) {
      rows.push({
        title: name,
        row: (
          <Carousel
            title={name}
            items={presets}
            getKey={(p) => p.id}
            renderItem={(p) => <PresetCardView preset={p} />}
          />
        ),
      });
    }
  }
  const shown = useRowsInTurn(rows.length);

  return (
    <>
      <div className="container landing-rows">
        {isError ? (
          <div className="inline-alert" role="alert">
            <p>We could not load today’s menus.</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <>
            <CarouselSkeleton title="Trending restaurants" />
            <CarouselSkeleton title={HOME_PRESET_GROUPS[0]} />
          </>
        ) : (
          rows.map(({ title, row }, i) =>
            i < shown ? <Fragment key={title}>{row}</Fragment> : <CarouselSkeleton key={title} title={title} />,
          )
        )}
      </div>

      <section className="landing-band" aria-labelledby="how-it-works">
        <div className="container">
          <h2 id="how-it-works">How it works</h2>
          <ol className="landing-steps">
            {steps.map((step, i) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container landing-claim" aria-labelledby="claim-heading">
        <h2 id="claim-heading" className="claim-figure">
          <span className="claim-number">5,000,000+</span>
          <span className="claim-text">Trusted by offices across Canada and the US, with {MEALS_DELIVERED_CLAIM}.</span>
        </h2>
        <p className="muted">The number one office catering and individual food ordering platform.</p>
      </section>

      <section className="container landing-testimonials" aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading">What office managers say</h2>
        <ul className="testimonials">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="testimonial">
                <blockquote>
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{t.name}</strong>
                  <span className="muted"> · {t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-cta" aria-labelledby="demo-heading">
        <div className="container landing-cta-inner">
          <div className="landing-cta-text">
            <h2 id="demo-heading">Feeding a big team every week?</h2>
            <p>
              See how Caterway handles recurring lunches, group orders and invoicing in a 20-minute call. Tell us about
              your team and one of our experts will contact you.
            </p>
            <div className="landing-cta-actions">
              <Link to={paths.dailyLunches.path} className="btn btn-ghost landing-cta-secondary">
                Daily lunches
              </Link>
            </div>
          </div>
          {/* the demo-request form (browse-account-orders §1), loaded as the visitor scrolls near it */}
          <LoadWhenNear className="landing-demo-form">{demoForm}</LoadWhenNear>
        </div>
      </section>

      <section className="container landing-trusted" aria-labelledby="trusted-heading">
        <h2 id="trusted-heading" className="trusted-title">
          Trusted by teams at
        </h2>
        <ul className="logo-strip">
          {trustedBy.map((logo) => (
            <li key={logo.seed}>
              <img
                src={`/media/art/logo/${logo.seed}.svg`}
                alt={logo.name}
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
              />
              <span aria-hidden="true">{logo.name}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * How many of the landing's carousel rows to render: the first at once, then one more after
 * each frame, each in a transition. A row is ~12 cards (~250 elements); all four in one
 * commit made one ~40 ms task of style, layout and paint while the page loads (blocking
 * input, Total Blocking Time). Row by row, each frame lays out one row; every row is in the
 * DOM a few frames after the data (rows not rendered yet show their loading row).
 */
function useRowsInTurn(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= count) return;
    let timer = 0;
    // after the next frame: the row just committed is laid out and painted first
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, count]);
  return shown;
}

export default LandingSections;
