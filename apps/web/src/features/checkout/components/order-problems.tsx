import type { ReactNode, RefObject } from 'react';
import type { Problem } from '../checkout-types';

/**
 * What went wrong with a save, by the order's buttons: `children` first (a payment error), then
 * the problem as a line or a list. Focus moves here (tabIndex -1) when it is not about a field.
 * A refused delivery time adds why in plain words and the server's earliest time as one click
 * (issue 20 §1; decision 072): `onUseTime` puts it in the date and time fields.
 */
export function OrderProblems({
  problem,
  problemRef,
  children,
  onUseTime,
}: {
  problem: Problem;
  problemRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
  onUseTime?: (date: string, time: string) => void;
}) {
  const refusal = problem?.kind === 'messages' ? problem.refusal : null;
  const earliest = refusal?.earliest_available;
  return (
    <div ref={problemRef} tabIndex={-1} className="order-problems">
      {children}
      {problem?.kind === 'text' ? (
        <p className="form-alert" role="alert">
          {problem.text}
        </p>
      ) : problem?.kind === 'messages' ? (
        <div className="form-alert" role="alert">
          <ul>
            {problem.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
            {refusal ? (
              <li>
                <strong>{refusal.why}</strong>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {earliest && onUseTime ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => onUseTime(earliest.delivery_date, earliest.delivery_time)}
        >
          {earliest.label}
        </button>
      ) : null}
    </div>
  );
}
