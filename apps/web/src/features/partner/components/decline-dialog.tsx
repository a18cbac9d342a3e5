import { useId, useState, type FormEvent } from 'react';
import { declineReasons, partnerAnswerBodySchema, partnerMessages, type DeclineReason } from '@caterway/contracts';
import { messages } from '@caterway/domain';
import { Button, ErrorList, Modal, ModalActions } from '@caterway/ui';

const reasons = Object.entries(declineReasons) as [DeclineReason, string][];
const NOTE_MAX = 500;

export interface DeclineInput {
  reason: DeclineReason;
  note: string;
}

/**
 * Declining an order: a reason from the contract's list (the customer is told its label) and a
 * note, which 'Another reason' needs (the contract's rule and message). The radios are one
 * native group (arrow keys move the choice); the dialog is the UI kit's (focus kept inside,
 * Escape closes, focus goes back to the Decline button).
 */
export function DeclineDialog({
  orderNumber,
  requestId,
  busy,
  serverErrors,
  onDecline,
  onClose,
}: {
  orderNumber: string;
  requestId: number;
  busy: boolean;
  /** the API's refusal (422 messages), shown above the buttons */
  serverErrors: string[];
  onDecline: (input: DeclineInput) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const reasonErrorId = useId();
  const noteId = useId();
  const noteHintId = useId();
  const noteErrorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: partnerMessages.declineReasonNeeded });
      document.querySelector<HTMLInputElement>('[role="dialog"] input[name="decline-reason"]')?.focus();
      return;
    }
    // the contract's own check: a note for 'other', 500 characters at most
    const parsed = partnerAnswerBodySchema.safeParse({ answer: 'decline', request_id: requestId, reason, note });
    if (!parsed.success) {
      const noteIssue = parsed.error.issues.find((issue) => issue.path[0] === 'note');
      setErrors({ note: noteIssue?.message ?? messages.genericFailure });
      document.getElementById(noteId)?.focus();
      return;
    }
    setErrors({});
    onDecline({ reason, note: note.trim() });
  };

  const noteRequired = reason === 'other';
  return (
    <Modal
      title={`Decline ${orderNumber}?`}
      description="The customer is told the reason you choose, with your note."
      onClose={onClose}
      size="wide"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset
          className="partner-reasons partner-reasons-two"
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? reasonErrorId : undefined}
        >
          <legend>Why are you declining it?</legend>
          {reasons.map(([key, label]) => (
            <label key={key} className="partner-radio">
              <input
                type="radio"
                name="decline-reason"
                value={key}
                checked={reason === key}
                onChange={() => {
                  setReason(key);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
              />
              <span>{label}</span>
            </label>
          ))}
          {errors.reason ? (
            <p id={reasonErrorId} className="field-error">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <div className={errors.note ? 'field partner-note-field field-invalid' : 'field partner-note-field'}>
          <label htmlFor={noteId}>
            Note to the customer
            {noteRequired ? null : <span className="field-optional"> (optional)</span>}
          </label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            aria-required={noteRequired || undefined}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={[noteHintId, errors.note ? noteErrorId : ''].filter(Boolean).join(' ')}
            onChange={(e) => {
              setNote(e.target.value);
              setErrors((er) => ({ ...er, note: undefined }));
            }}
          />
          <p id={noteHintId} className="field-hint">
            {noteRequired ? 'Needed for another reason: tell the customer why.' : 'A few words the customer reads.'}
          </p>
          {errors.note ? (
            <p id={noteErrorId} className="field-error">
              {errors.note}
            </p>
          ) : null}
        </div>
        <ErrorList messages={serverErrors} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Keep the order
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            Decline order
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
