import type { ReactNode, RefObject } from 'react';
import type { Problem } from '../checkout-types';

/**
 * What went wrong with a save, by the order's buttons: `children` first (a payment error), then
 * the problem as a line or a list. Focus moves here (tabIndex -1) when it is not about a field.
 */
export function OrderProblems({
  problem,
  problemRef,
  children,
}: {
  problem: Problem;
  problemRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
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
          </ul>
        </div>
      ) : null}
    </div>
  );
}
