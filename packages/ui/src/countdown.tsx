import { useEffect, useState } from 'react';
import { describeCountdown, formatCountdown, msUntil } from './countdown-format';
import styles from './countdown.module.css';

/** Ticks every second by the server's clock (offset = server time − browser time). */
export function Countdown({ cutoffAt, offset }: { cutoffAt: string | null; offset: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const left = msUntil(cutoffAt, now, offset);
  if (left === null) return <span className={`${styles.countdown} ${styles.quiet}`}>No cut-off yet</span>;
  return (
    <span
      className={`${styles.countdown}${left <= 0 ? ` ${styles.quiet}` : left < 3_600_000 ? ` ${styles.soon}` : ''}`}
    >
      <span aria-hidden="true" data-testid="countdown">
        {formatCountdown(left)}
      </span>
      <span className="visually-hidden">{describeCountdown(left)}</span>
    </span>
  );
}
