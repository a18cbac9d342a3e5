import { SUPPORT_EMAIL } from '../../../config/app';

/**
 * Empty search results (ordering-payments §8): move the date later (most vendors need 24 hours
 * notice, some 48) or change the address; support is offered.
 */
export function NoResults({ what }: { what: 'restaurants' | 'menus' }) {
  return (
    <div className="no-results" role="status">
      <h2>No {what} found for this date, time and address</h2>
      <ul>
        <li>
          Try a <strong>later delivery date</strong>: most of our vendors need 24 hours notice, and some need 48 hours.
        </li>
        <li>
          Try a <strong>different address</strong> with Update Details above: every restaurant delivers within its own
          area.
        </li>
        <li>
          Still stuck? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will find a caterer for
          you.
        </li>
      </ul>
    </div>
  );
}
