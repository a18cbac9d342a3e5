import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import './marketing.css';

// /about-us (ordering-payments §2).
export function AboutPage() {
  return (
    <article className="container page marketing-page">
      <h1>About Caterway</h1>
      <p className="lede">
        Caterway is an office-catering marketplace for teams in Canada and the United States. We connect office managers
        with the best local restaurants and caterers, and take care of everything between the menu and the meeting room.
      </p>

      <section aria-labelledby="about-why">
        <h2 id="about-why">Why we started</h2>
        <p>
          Ordering lunch for forty people should not take an afternoon of phone calls, spreadsheets of dietary needs and
          chasing receipts. We built Caterway so that one person can feed a whole office in a few minutes: pick a
          restaurant or a ready-made menu, set the head count, and check out.
        </p>
      </section>

      <section aria-labelledby="about-how">
        <h2 id="about-how">How it works</h2>
        <ul className="feature-list">
          <li>
            <strong>Restaurants near your office.</strong> Enter your address, date and time and see who can deliver
            then, ranked by distance, with their notice period and delivery fees up front.
          </li>
          <li>
            <strong>Menus built for groups.</strong> Preset menus come with a per-person price and an adjustable head
            count, every dish labelled with its dietary types.
          </li>
          <li>
            <strong>Group orders.</strong> Each team member picks a meal within a budget before a cut-off; you get one
            delivery.
          </li>
          <li>
            <strong>Paperwork handled.</strong> Pay by card or, in Canada, pre-authorized bank debit; download invoices
            and see spend reports for every order.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-partners">
        <h2 id="about-partners">Our restaurant partners</h2>
        <p>
          We work with independent restaurants and caterers, from neighbourhood bakeries to full-service kitchens. They
          set their own menus, minimums and hours; we bring them steady weekday orders and handle payments, so they can
          focus on the food.
        </p>
      </section>

      <section aria-labelledby="about-contact" className="cta-panel">
        <h2 id="about-contact">Talk to us</h2>
        <p>
          Planning regular team lunches or a large event? <Link to={paths.bookDemo.path}>Book a demo</Link>, read the{' '}
          <Link to={paths.faq.path}>FAQ</Link>, or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </article>
  );
}
