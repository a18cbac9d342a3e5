import styles from './status-badge.module.css';

/** Statuses shown in green (open or done) and in red (ended without a meal); others are neutral. */
const GOOD = new Set(['accepting', 'delivered']);
const ENDED = new Set(['canceled', 'declined']);

/** A status as a coloured pill (the server's label; the status picks the colour). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const tone = GOOD.has(status) ? styles.good : ENDED.has(status) ? styles.ended : null;
  return <span className={tone ? `${styles.badge} ${tone}` : styles.badge}>{label}</span>;
}
