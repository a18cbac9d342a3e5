import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paymentKeys } from '@caterway/contracts/client';
import { formatCardExpiry, isCardExpired, messages, paymentBrandLabel, paymentMessages } from '@caterway/domain';
import { Button, Modal } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notify, notifySuccess, TOAST_DURATION } from '../../../stores/notifications';
import { useAddUserPaymentMethod } from '../api/add-user-payment-method';
import { useDeleteUserPaymentMethod } from '../api/delete-user-payment-method';
import { useUserPaymentMethods } from '../api/get-user-payment-methods';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { isBankAccount, type UserPaymentMethod } from '../api/types';
import { subscribePaymentMethodsChanged } from '../payment-methods-sync';
import { PaymentModal, type PaymentChoice, type PaymentModel } from './payment-modal';
import './payments.css';

export interface PaymentsPageProps {
  homeHref: string;
  billing: { name: string; email: string };
}

/** /payments (ordering-payments §2 'Payments page'): saved cards and bank accounts. */
export function PaymentsPage({ homeHref, billing }: PaymentsPageProps) {
  const queryClient = useQueryClient();
  const methods = useUserPaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeleteUserPaymentMethod();
  const add = useAddUserPaymentMethod();
  const [modalModel, setModalModel] = useState<PaymentModel | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<UserPaymentMethod | null>(null);

  // Another tab changed the methods: reload ours (ordering-payments §2: "broadcast to other tabs").
  useEffect(
    () => subscribePaymentMethodsChanged(() => void queryClient.invalidateQueries({ queryKey: paymentKeys.methods() })),
    [queryClient],
  );

  const list = methods.data ?? [];
  const cards = list.filter((m) => !isBankAccount(m));
  const banks = list.filter(isBankAccount);
  const loading = methods.isPending || methods.isFetching || setDefault.isPending || remove.isPending;

  const onAdd = async (choice: PaymentChoice) => {
    try {
      await add.mutateAsync({
        paymentMethodId: choice.paymentMethodId,
        stripeSetupIntentId: choice.setupIntentId,
        name: choice.billingName,
        email: choice.billingEmail,
      });
      setModalModel(null);
      notifySuccess(paymentMessages.paymentMethodAdded);
    } catch (error) {
      const message = isApiError(error)
        ? (error.serverError ?? error.messages.join(', ')) || messages.genericFailure
        : messages.genericFailure;
      notify({
        tone: 'error',
        title: paymentMessages.cardAdditionErrorTitle,
        message,
        duration: choice.model === 'eft' ? TOAST_DURATION.long : TOAST_DURATION.default,
      });
    }
  };

  const addButton = <Button onClick={() => setModalModel('card')}>Add Payment Method</Button>;

  return (
    <section className="page payments-page" aria-labelledby="payments-title" aria-busy={loading}>
      <header className="payments-header">
        <h1 id="payments-title">Payment Methods</h1>
        {list.length > 0 ? addButton : null}
      </header>

      {methods.isError ? (
        <p className="form-alert" role="alert">
          {messages.genericFailure}
        </p>
      ) : methods.isPending ? null : list.length === 0 ? (
        <div className="empty-state">
          <p>{paymentMessages.noPaymentMethods}</p>
          <p>{paymentMessages.noPaymentMethodsHint}</p>
          <div className="empty-state-actions">
            {addButton}
            <Link className="btn btn-secondary" to={homeHref}>
              Go to Home
            </Link>
          </div>
        </div>
      ) : (
        <>
          <MethodList
            title="Credit Cards:"
            empty={paymentMessages.noCreditCards}
            methods={cards}
            busy={loading}
            onMakeDefault={(m) =>
              setDefault.mutate(m.id, { onSuccess: () => notifySuccess(paymentMessages.paymentMethodSetDefault) })
            }
            onDelete={setConfirmDelete}
          />
          <MethodList
            title="Bank Accounts:"
            empty={paymentMessages.noBankAccounts}
            methods={banks}
            busy={loading}
            onMakeDefault={(m) =>
              setDefault.mutate(m.id, { onSuccess: () => notifySuccess(paymentMessages.paymentMethodSetDefault) })
            }
            onDelete={setConfirmDelete}
          />
        </>
      )}

      {loading ? (
        <div className="loading-overlay" role="progressbar" aria-label="Loading payment methods">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : null}

      {modalModel ? (
        <PaymentModal
          purpose="save"
          model={modalModel}
          eftAllowed
          billing={billing}
          onModelChange={setModalModel}
          onClose={() => setModalModel(null)}
          onComplete={onAdd}
        />
      ) : null}

      {confirmDelete ? (
        <Modal
          title="Delete payment method?"
          onClose={() => setConfirmDelete(null)}
          description={`${paymentBrandLabel(confirmDelete.brand, isBankAccount(confirmDelete))} ending in ${confirmDelete.last4} will be removed from your account.`}
        >
          <div className="payments-actions">
            <Button
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(confirmDelete.id, {
                  onSuccess: () => {
                    setConfirmDelete(null);
                    notifySuccess(paymentMessages.paymentMethodDeleted);
                  },
                })
              }
            >
              Delete
            </Button>
            <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
              Cancel
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

interface MethodListProps {
  title: string;
  empty: string;
  methods: UserPaymentMethod[];
  busy: boolean;
  onMakeDefault: (method: UserPaymentMethod) => void;
  onDelete: (method: UserPaymentMethod) => void;
}

function MethodList({ title, empty, methods, busy, onMakeDefault, onDelete }: MethodListProps) {
  const [now] = useState(() => new Date());
  return (
    <section className="method-section" aria-label={title.replace(':', '')}>
      <h2>{title}</h2>
      {methods.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="method-list">
          {methods.map((m) => {
            // Bank accounts are never expired (ordering-payments §2).
            const expired = !isBankAccount(m) && isCardExpired(m.expMonth, m.expYear, now);
            const expiry = formatCardExpiry(m.expMonth, m.expYear);
            const brand = paymentBrandLabel(m.brand, isBankAccount(m));
            const label = `${brand} ending in ${m.last4}`;
            return (
              <li
                key={m.id}
                className={['method-card', m.isDefault ? 'method-default' : '', expired ? 'method-expired' : '']
                  .filter(Boolean)
                  .join(' ')}
              >
                <button
                  type="button"
                  className="method-main"
                  aria-pressed={m.isDefault}
                  disabled={busy || m.isDefault}
                  onClick={() => onMakeDefault(m)}
                >
                  <span className="method-brand">{brand}</span>
                  <span className="method-last4">
                    <span aria-hidden="true">•••• </span>
                    <span className="visually-hidden">ending in </span>
                    {m.last4}
                  </span>
                  {expiry ? <span className="method-expiry">{expiry}</span> : null}
                  {m.isDefault ? <span className="method-flag">Default</span> : null}
                  {expired ? <span className="method-flag method-flag-expired">Expired</span> : null}
                  {m.description ? <span className="method-description">{m.description}</span> : null}
                  {m.isDefault ? null : <span className="visually-hidden">, make default</span>}
                </button>
                <Button
                  variant="ghost"
                  className="btn-sm"
                  disabled={busy}
                  aria-label={`Delete ${label}`}
                  onClick={() => onDelete(m)}
                >
                  Delete
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
