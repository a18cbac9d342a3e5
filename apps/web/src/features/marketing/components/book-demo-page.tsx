import { DemoForm } from './demo-form';
import './marketing.css';

// /book-demo (browse-account-orders §2, §5).
export function BookDemoPage() {
  return (
    <section className="container page marketing-page book-demo">
      <div className="book-demo-intro">
        <h1>Book a demo</h1>
        <p className="lede">
          See how Caterway handles office catering from ordering to invoicing. Tell us about your team and one of our
          experts will contact you, usually within one business day.
        </p>
        <ul className="feature-list">
          <li>Menus for meetings, events and daily team lunches</li>
          <li>Group orders with per-person budgets</li>
          <li>Card or pre-authorized bank debit, invoices and spend reports</li>
        </ul>
      </div>
      <div className="book-demo-form">
        <DemoForm />
      </div>
    </section>
  );
}
