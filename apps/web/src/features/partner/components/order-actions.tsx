import { useState } from 'react';
import { Button } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../stores/notifications';
import { useAnswerOrder } from '../api/orders';
import {
  actionLabels,
  requestKindLabels,
  type PartnerAnswerBody,
  type PartnerOrder,
  type PartnerOrderDetail,
} from '../api/types';
import { DeclineDialog, type DeclineInput } from './decline-dialog';
import { errorMessages } from './portal-common';

/** What became of an answer, for the inbox to say (a 409: the order changed first). */
export type AnswerOutcome =
  | { kind: 'answered'; order: PartnerOrderDetail }
  | { kind: 'changed' | 'failed'; orderNumber: string; messages: string[] };

const answeredText = (body: PartnerAnswerBody, order: PartnerOrder) =>
  body.answer === 'accept'
    ? `Order ${order.orderNumber} accepted.`
    : body.answer === 'decline'
      ? `Order ${order.orderNumber} declined. The customer is told.`
      : `${requestKindLabels[order.request.kind]} of order ${order.orderNumber} acknowledged.`;

/**
 * The buttons of what the order waits for (its `actions`): Accept and Acknowledge answer at
 * once, Decline asks for a reason first. Each answer names the request it answers, so one that
 * arrives after a change is refused (409) rather than applied to something not seen.
 */
export function OrderActions({
  chefId,
  order,
  onOutcome,
}: {
  chefId: number;
  order: PartnerOrder;
  onOutcome: (outcome: AnswerOutcome) => void;
}) {
  const answer = useAnswerOrder(chefId);
  const [declining, setDeclining] = useState(false);
  const [declineErrors, setDeclineErrors] = useState<string[]>([]);

  const send = (body: PartnerAnswerBody) =>
    answer.mutate(
      { orderId: order.id, body },
      {
        onSuccess: (updated) => {
          setDeclining(false);
          notifySuccess(answeredText(body, order));
          onOutcome({ kind: 'answered', order: updated });
        },
        onError: (error) => {
          const changed = isApiError(error) && error.status === 409;
          // a refused decline (422) is said in its dialog; anything else by the inbox
          if (body.answer === 'decline' && !changed && isApiError(error) && error.status === 422) {
            setDeclineErrors(errorMessages(error));
            return;
          }
          setDeclining(false);
          onOutcome({
            kind: changed ? 'changed' : 'failed',
            orderNumber: order.orderNumber,
            messages: errorMessages(error),
          });
        },
      },
    );

  if (order.actions.length === 0) return null;
  const requestId = order.request.id;
  const pending = answer.isPending ? answer.variables.body.answer : null;
  return (
    <div className="partner-actions">
      {order.actions.map((action) =>
        action === 'decline' ? (
          <Button
            key={action}
            variant="secondary"
            disabled={answer.isPending}
            onClick={() => {
              setDeclineErrors([]);
              setDeclining(true);
            }}
          >
            {actionLabels.decline}
            <span className="visually-hidden"> order {order.orderNumber}</span>
          </Button>
        ) : (
          <Button
            key={action}
            busy={pending === action}
            disabled={answer.isPending}
            onClick={() => send({ answer: action, request_id: requestId })}
          >
            {actionLabels[action]}
            <span className="visually-hidden"> order {order.orderNumber}</span>
          </Button>
        ),
      )}
      {declining ? (
        <DeclineDialog
          orderNumber={order.orderNumber}
          requestId={requestId}
          busy={answer.isPending}
          serverErrors={declineErrors}
          onDecline={({ reason, note }: DeclineInput) =>
            send({ answer: 'decline', request_id: requestId, reason, note })
          }
          onClose={() => setDeclining(false)}
        />
      ) : null}
    </div>
  );
}
