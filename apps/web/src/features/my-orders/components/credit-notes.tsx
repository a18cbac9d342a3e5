import { useId } from 'react';
import { formatCents, messages } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { notifyError } from '../../../stores/notifications';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useCreditNotes } from '../api/get-credit-notes';
import { myOrdersMessages, type CreditNote } from '../api/types';

/** The date a credit note prints: its issue date in the order's zone ("March 2, 2026"). */
const issuedOn = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });

/**
 * The order's credit notes (docs/decisions/034): each decrease of its total after the payment was
 * collected, with its number, date, amount and PDF. Nothing at all while there are none. The
 * modal renders it only for an order with an invoice: every credit note refers to one.
 */
export function CreditNotes({ orderId, timeZone }: { orderId: number; timeZone: string }) {
  const notes = useCreditNotes(orderId);
  const headingId = useId();

  if (notes.isPending) {
    return (
      <p className="credit-notes-status" role="status">
        <span className="spinner" aria-hidden="true" /> Loading credit notes…
      </p>
    );
  }
  if (notes.isError) {
    return (
      <div className="credit-notes-status">
        <p className="form-alert" role="alert">
          {myOrdersMessages.creditNotesFailed}
        </p>
        <Button variant="secondary" className="btn-sm" onClick={() => void notes.refetch()} busy={notes.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (notes.data.creditNotes.length === 0) return null;
  return (
    <section className="credit-notes" aria-labelledby={headingId}>
      <h3 id={headingId}>Credit notes</h3>
      <ul>
        {notes.data.creditNotes.map((note) => (
          <CreditNoteRow key={note.number} orderId={orderId} note={note} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}

function CreditNoteRow({ orderId, note, timeZone }: { orderId: number; note: CreditNote; timeZone: string }) {
  const download = useDownloadCreditNote();
  return (
    <li className="credit-note">
      <span className="credit-note-number">{note.number}</span>
      <time className="credit-note-date" dateTime={note.issuedAt}>
        {issuedOn(note.issuedAt, timeZone)}
      </time>
      <span className="credit-note-amount">
        {formatCents(note.totalCents)}
        <span className="visually-hidden"> credited</span>
      </span>
      <Button
        variant="secondary"
        className="btn-sm"
        // the invoice's button beside it says Download PDF too: the name says which file
        aria-label={`Download PDF, credit note ${note.number}`}
        busy={download.isPending}
        onClick={() =>
          download.mutate({ orderId, number: note.number }, { onError: () => notifyError(messages.genericFailure) })
        }
      >
        Download PDF
      </Button>
    </li>
  );
}
