import { useId, useState, type FormEvent } from 'react';
import { partnerOrderMessageBodySchema, soldOutMessages } from '@caterway/contracts';
import { Button, ErrorList, Modal, ModalActions } from '@caterway/ui';
import { notifySuccess } from '../../../stores/notifications';
import { useSendMessage, type MessageTarget, type OrderMessage } from '../api/sold-out';
import { errorMessages } from './portal-common';

const BODY_MAX = 1000;

/**
 * A message to an order's customer (or a group order's organiser), decision 053: a substitute for
 * a sold-out dish, or a note. The customer reads it on their order and by email. The dialog is
 * the UI kit's: the focus stays inside, Escape closes it and the focus goes back to its button.
 */
export function MessageDialog({
  chefId,
  to,
  recipient,
  about,
  onClose,
  onSent,
}: {
  chefId: number;
  to: MessageTarget;
  /** 'Dana Morgan, order CW-2026-000123' */
  recipient: string;
  /** the dish or option it concerns, if any */
  about?: { subject: string; menuId?: number; menuItemId?: number };
  onClose: () => void;
  onSent?: (message: OrderMessage) => void;
}) {
  const send = useSendMessage(chefId);
  const [kind, setKind] = useState<'substitute' | 'note'>(about ? 'substitute' : 'note');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bodyId = useId();
  const hintId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = partnerOrderMessageBodySchema.safeParse({
      kind,
      body,
      menu_id: about?.menuItemId === undefined ? about?.menuId : undefined,
      menu_item_id: about?.menuItemId,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? soldOutMessages.bodyRequired);
      document.getElementById(bodyId)?.focus();
      return;
    }
    setError(null);
    send.mutate(
      { to, body: parsed.data },
      {
        onSuccess: (message) => {
          notifySuccess(`Message sent to ${recipient.split(',')[0]}.`);
          onSent?.(message);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title="Message the customer"
      description={`To ${recipient}. They see it on their order and by email.`}
      onClose={onClose}
      size="wide"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset className="partner-reasons">
          <legend>What is it?</legend>
          {(
            [
              ['substitute', `Propose a substitute${about ? ` for ${about.subject}` : ''}`],
              ['note', 'A note about the order'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="partner-radio">
              <input
                type="radio"
                name="message-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <div className={error ? 'field field-invalid' : 'field'}>
          <label htmlFor={bodyId}>Message</label>
          <textarea
            id={bodyId}
            rows={4}
            maxLength={BODY_MAX}
            value={body}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
            placeholder={
              kind === 'substitute'
                ? `We are out of ${about?.subject ?? 'a dish'}. We can send … instead, at the same price.`
                : ''
            }
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
            }}
            data-autofocus
          />
          <p id={hintId} className="field-hint">
            {body.length}/{BODY_MAX} · Signed with your restaurant&rsquo;s name.
          </p>
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <ErrorList messages={send.error ? errorMessages(send.error) : []} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={send.isPending}>
            Send message
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
