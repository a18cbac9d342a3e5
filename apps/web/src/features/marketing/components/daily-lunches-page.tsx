import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import './marketing.css';

// /daily-lunches (browse-account-orders §2, linked from the home page): the individual-meals
// programme for regular team lunches, built on group orders.
export function DailyLunchesPage() {
  return (
    <article className="container page marketing-page">
      <h1>Daily team lunches, individually packed</h1>
      <p className="lede">
        Feed your team every day, or a few days a week, with meals each person picks for themselves. Individually
        packaged, labelled with names and dietary needs, delivered together to your office.
      </p>

      <section aria-labelledby="daily-how">
        <h2 id="daily-how">How the programme works</h2>
        <ol className="marketing-steps">
          <li>
            <strong>Set a budget and a schedule.</strong> Choose the days, a delivery time (11:30 AM by default) and a
            budget per person.
          </li>
          <li>
            <strong>Your team chooses.</strong> Everyone gets a link to a rotating selection of local restaurants and
            picks a meal within the budget before the cut-off (5:00 PM the day before by default).
          </li>
          <li>
            <strong>One delivery, one invoice.</strong> Meals arrive packed and labelled per person. You pay once per
            day, with invoices and monthly spend reports for finance.
          </li>
        </ol>
      </section>

      <section aria-labelledby="daily-why">
        <h2 id="daily-why">Why teams like it</h2>
        <ul className="feature-list">
          <li>No more collecting orders by chat: each person orders for themselves, within the limits you set.</li>
          <li>Vegetarian, vegan, gluten-free and halal choices are labelled on every dish.</li>
          <li>Variety without the legwork: different restaurants through the week, all vetted for office delivery.</li>
          <li>Budgets are enforced automatically, so the bill is predictable.</li>
        </ul>
      </section>

      <section aria-labelledby="daily-start" className="cta-panel">
        <h2 id="daily-start">Get started</h2>
        <p>Run a group order for your next team lunch, or browse ready-made menus for the whole office.</p>
        <div className="cta-actions">
          <Link className="btn btn-primary" to={paths.bookDemo.path}>
            Set up daily lunches
          </Link>
          <Link className="btn btn-secondary" to={paths.browsePresets.path}>
            Browse presets
          </Link>
          <Link className="btn btn-ghost" to={{ pathname: paths.faq.path, hash: 'group-orders' }}>
            How group orders work
          </Link>
        </div>
      </section>
    </article>
  );
}
