import { lazy, Suspense, type ReactNode } from 'react';
import type { HomePresetsParams } from '../api/get-home-presets';
import { FloatingAddressBar } from './floating-address-bar';
import { HeroHeading } from './hero-word';
import './landing-hero.css';
// the sections' styles too: the page shows them at once, and one stylesheet costs less than two (decision 073)
import './landing.css';

// Below the fold: its own chunk, so the first paint only needs the hero.
const LandingSections = lazy(() => import('./landing-sections'));

export interface LandingPageProps {
  /** The hero's address form (the route composes it from the delivery feature). */
  addressForm: ReactNode;
  /** The same form for the floating bar. */
  floatingAddressForm: ReactNode;
  /** The demo-request form, rendered once the visitor scrolls near it (lazily imported by the route). */
  demoForm: ReactNode;
  delivery: HomePresetsParams;
}

/** The landing page for visitors and unconfirmed users (browse-account-orders §1, §2 'Home page behaviour'). */
export function LandingPage({ addressForm, floatingAddressForm, demoForm, delivery }: LandingPageProps) {
  return (
    <>
      <section className="hero landing-hero">
        <div className="container hero-inner">
          <p className="eyebrow">The number one office catering platform in Canada &amp; the US</p>
          <HeroHeading before="Your team’s" after=", delivered." />
          <p className="hero-lead">
            Order from local restaurants and ready-made menus for meetings, lunches and events. Tell us where to deliver
            and we will show what is available.
          </p>
          {addressForm}
        </div>
      </section>
      <Suspense fallback={<div className="landing-sections-placeholder" aria-hidden="true" />}>
        <LandingSections delivery={delivery} demoForm={demoForm} />
      </Suspense>
      <FloatingAddressBar>{floatingAddressForm}</FloatingAddressBar>
    </>
  );
}
