import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { displayTime, formatDisplayDate } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { useHeadcount } from '../../../stores/headcount';
import { refreshDelivery, useDelivery } from '../delivery-store';

// The edit form (with the address autocomplete) loads on Update Details: every page shows the
// bar, few pages see it edited, so it stays outside the initial JavaScript.
const DeliveryForm = lazy(() => import('./delivery-form'));

export interface DeliveryBarProps {
  /** Whether this page allows pickup (ordering-payments §2: the toggle shows 'where allowed'). */
  allowPickup?: boolean;
}

/**
 * The shared delivery bar (ordering-payments §2 'Shared delivery bar'): a collapsed summary
 * with Update Details, or the edit form with address, date, time, Delivery/Pickup and SAVE.
 */
export function DeliveryBar({ allowPickup = true }: DeliveryBarProps) {
  const { info, receivingMethod } = useDelivery();
  const people = useHeadcount();
  const [editing, setEditing] = useState(false);
  const formId = useId();
  const updateButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      updateButton.current?.focus();
    }
  }, [editing]);

  useEffect(() => {
    // A tab left open overnight: re-apply the "past date moves ahead" rule when it is seen again.
    const onVisible = () => document.visibilityState === 'visible' && refreshDelivery(new Date());
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return (
    <section className="delivery-bar" aria-label="Delivery details">
      <div className="container">
        {editing ? (
          <Suspense fallback={<p className="delivery-summary muted">Loading…</p>}>
            <DeliveryForm
              formId={formId}
              initial={info}
              initialMethod={receivingMethod}
              allowPickup={allowPickup}
              onDone={() => {
                returnFocus.current = true;
                setEditing(false);
              }}
            />
          </Suspense>
        ) : (
          <div className="delivery-summary">
            <dl className="delivery-summary-items">
              <div>
                <dt>{receivingMethod === 'pickup' ? 'Pickup' : 'Deliver to'}</dt>
                <dd>{info.address || <span className="muted">No address yet</span>}</dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDisplayDate(info.deliveryDate)}</dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>{displayTime(info.deliveryTime)}</dd>
              </div>
              {people ? (
                <div>
                  <dt>For</dt>
                  <dd>{people} people</dd>
                </div>
              ) : null}
            </dl>
            <Button ref={updateButton} variant="secondary" className="btn-sm" onClick={() => setEditing(true)}>
              Update Details
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
