import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { faqEntries, searchFaq, type FaqEntry } from './faq-entries';
import './marketing.css';

// /faq: a searchable accordion of ten questions with hash anchors (ordering-payments §2).
// /faq#order-notice opens that question and scrolls to it; the search filters as you type.

export function FaqPage() {
  const { hash } = useLocation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const visible = searchFaq(faqEntries, query);

  // A question's hash opens it (and clears the search that could hide it): adjusted while rendering.
  const hashed = decodeURIComponent(hash.replace(/^#/, ''));
  const linked = faqEntries.some((e) => e.id === hashed) ? hashed : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (hash !== openedFor) {
    setOpenedFor(hash);
    if (linked) {
      setQuery('');
      setOpen((prev) => new Set(prev).add(linked));
    }
  }

  useEffect(() => {
    if (!linked) return;
    const id = linked;
    // After the answer renders open: the browser's own jump happened before the page existed.
    requestAnimationFrame(() => {
      const node = document.getElementById(id);
      node?.scrollIntoView({ block: 'start' });
      node?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
    });
  }, [hash, linked]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="container page marketing-page">
      <h1>Frequently asked questions</h1>
      <p className="lede">
        Ordering, payment and delivery, in short. Can&apos;t find your answer? Ask us at the bottom of the page.
      </p>
      <div className="field faq-search">
        <label htmlFor={searchId}>Search the questions</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. cancel, invoice, delivery fee"
        />
      </div>
      <p className="muted faq-count" role="status" aria-live="polite">
        {query
          ? visible.length === 0
            ? `No questions match "${query}".`
            : `${visible.length} of ${faqEntries.length} questions match.`
          : null}
      </p>
      <ul className="faq-list">
        {visible.map((entry) => (
          <FaqItem
            key={entry.id}
            entry={entry}
            open={open.has(entry.id) || (query !== '' && visible.length === 1)}
            onToggle={() => toggle(entry.id)}
          />
        ))}
      </ul>
      <p className="faq-more">
        Still curious? <Link to={paths.bookDemo.path}>Book a demo</Link> and we will walk you through it.
      </p>
    </section>
  );
}

function FaqItem({ entry, open, onToggle }: { entry: FaqEntry; open: boolean; onToggle: () => void }) {
  const panelId = `${entry.id}-answer`;
  return (
    <li id={entry.id} className="faq-item">
      <h2 className="faq-question">
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span>{entry.question}</span>
          <span className="faq-icon" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </h2>
      <div id={panelId} className="faq-answer" hidden={!open}>
        {entry.answer.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <a className="faq-anchor" href={`#${entry.id}`}>
          Link to this question
        </a>
      </div>
    </li>
  );
}
