import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { partnerSoldOutKeys } from '@caterway/contracts/client';
import { formatCents } from '@caterway/domain';
import { Button, ErrorList, Loading, Modal } from '@caterway/ui';
import { notifySuccess } from '../../../stores/notifications';
import {
  soldOutChoices,
  useAffectedOrders,
  useSoldOutChange,
  useSoldOutMenu,
  type AffectedOrder,
  type PartnerSoldOutBody,
  type SoldOutDish,
  type SoldOutOption,
} from '../api/sold-out';
import { MessageDialog } from './message-dialog';
import { CloseButton, errorMessages, usePortalTitle } from './portal-common';

// /partner/:chefId/sold-out (issue 19 part 3; decision 053): what the kitchen has run out of,
// for a tablet by the pass. Each dish, and each of its options under it, has a switch: turning one
// off asks for how long (until the end of the restaurant's day, 1 to 8 hours, or until turned back
// on); turning it on is at once. After an 86 a panel lists the accepted or waiting orders and open
// group orders that hold it, each with Message customer (a substitute proposed).

/** A dish or an option, as the page changes it. */
interface Item {
  kind: 'dish' | 'option';
  id: number;
  name: string;
  /** the option's dish */
  dishName?: string;
}

const subjectOf = (item: Item) => (item.dishName ? `${item.name} (${item.dishName})` : item.name);
const targetOf = (item: Item) => (item.kind === 'dish' ? { menuId: item.id } : { menuItemId: item.id });
const bodyTarget = (item: Item) => (item.kind === 'dish' ? { menu_id: item.id } : { menu_item_id: item.id });

export function SoldOutPage({ chefId }: { chefId: number }) {
  usePortalTitle('Sold out');
  const menu = useSoldOutMenu(chefId);
  const change = useSoldOutChange(chefId);
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState<Item | null>(null);
  const [affectedOf, setAffectedOf] = useState<Item | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const panel = useRef<HTMLHeadingElement>(null);

  const apply = (item: Item, body: Omit<PartnerSoldOutBody, 'menu_id' | 'menu_item_id'>) => {
    setChanging(`${item.kind}-${item.id}`);
    change.mutate(
      { ...bodyTarget(item), ...body },
      {
        onSuccess: (answer) => {
          setChoosing(null);
          if (answer.item.soldOut) {
            // the panel reads the answer's list (kept under the list's own key) and takes the focus
            const target = targetOf(item);
            queryClient.setQueryData(
              partnerSoldOutKeys.affected(chefId, { menu_id: target.menuId, menu_item_id: target.menuItemId }),
              answer.affected,
            );
            setAffectedOf(item);
            notifySuccess(`${subjectOf(item)} is sold out ${answer.item.untilText ?? ''}.`.replace(' .', '.'));
          } else {
            if (affectedOf && affectedOf.kind === item.kind && affectedOf.id === item.id) setAffectedOf(null);
            notifySuccess(`${subjectOf(item)} is available again.`);
          }
        },
        onSettled: () => setChanging(null),
      },
    );
  };

  useEffect(() => {
    if (affectedOf) panel.current?.focus();
  }, [affectedOf]);

  if (menu.isPending)
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Loading the menu…" />
      </section>
    );
  if (menu.isError)
    return (
      <section className="container page partner-page" aria-labelledby="partner-soldout-title">
        <h1 id="partner-soldout-title">Sold out</h1>
        <div className="partner-panel" role="alert">
          <p>{errorMessages(menu.error).join(' ')}</p>
          <Button onClick={() => void menu.refetch()}>Try again</Button>
        </div>
      </section>
    );

  const { categories } = menu.data;
  const soldOutCount = categories
    .flatMap((c) => c.dishes)
    .reduce((n, d) => n + (d.soldOut ? 1 : 0) + d.options.filter((o) => o.soldOut).length, 0);

  const switchProps = {
    busyKey: changing,
    onOff: (item: Item) => setChoosing(item),
    onOn: (item: Item) => apply(item, { available: true }),
    onOrders: (item: Item) => setAffectedOf(item),
  };

  return (
    <section className="container page partner-page partner-soldout" aria-labelledby="partner-soldout-title">
      <div className="partner-soldout-head">
        <h1 id="partner-soldout-title">Sold out</h1>
        <p className="partner-muted">
          Turn off what the kitchen has run out of: customers cannot order it until it comes back. Orders already placed
          are not changed; message their customers below.
        </p>
        <p className="partner-soldout-count" role="status">
          {soldOutCount === 0 ? 'Everything is available.' : `${soldOutCount} sold out now`}
        </p>
      </div>
      {change.isError && !choosing ? <ErrorList messages={errorMessages(change.error)} /> : null}

      {affectedOf ? (
        <AffectedPanel chefId={chefId} item={affectedOf} headingRef={panel} onClose={() => setAffectedOf(null)} />
      ) : null}

      {categories.length === 0 ? (
        <p className="partner-panel partner-empty">Your menu has no dishes yet.</p>
      ) : (
        categories.map((category) => (
          <section key={category.name} className="partner-soldout-category" aria-label={category.name}>
            <h2 className="partner-subtitle">{category.name}</h2>
            <ul className="partner-soldout-list">
              {category.dishes.map((dish) => (
                <DishRow key={dish.id} dish={dish} {...switchProps} />
              ))}
            </ul>
          </section>
        ))
      )}

      {choosing ? (
        <Modal
          title={`Sold out: ${subjectOf(choosing)}`}
          description="For how long? Customers cannot order it until then."
          onClose={() => setChoosing(null)}
        >
          <div className="partner-durations" role="group" aria-label="How long">
            {soldOutChoices.map((choice, i) => (
              <Button
                key={choice.label}
                variant={i === 0 ? 'primary' : 'secondary'}
                disabled={change.isPending}
                onClick={() => apply(choosing, { available: false, ...choice.body })}
                data-autofocus={i === 0 ? true : undefined}
              >
                {choice.label}
              </Button>
            ))}
          </div>
          {change.isError ? <ErrorList messages={errorMessages(change.error)} /> : null}
        </Modal>
      ) : null}
    </section>
  );
}

interface SwitchHandlers {
  busyKey: string | null;
  onOff: (item: Item) => void;
  onOn: (item: Item) => void;
  onOrders: (item: Item) => void;
}

function DishRow({ dish, ...handlers }: { dish: SoldOutDish } & SwitchHandlers) {
  const item: Item = { kind: 'dish', id: dish.id, name: dish.name };
  return (
    <li className={dish.soldOut ? 'partner-soldout-dish is-out' : 'partner-soldout-dish'}>
      <ItemLine item={item} state={dish} price={dish.priceCents} {...handlers} />
      {dish.options.length > 0 ? (
        <ul className="partner-soldout-options" aria-label={`Options of ${dish.name}`}>
          {dish.options.map((option) => (
            <li key={option.id} className={option.soldOut ? 'is-out' : undefined}>
              <ItemLine
                item={{ kind: 'option', id: option.id, name: option.name, dishName: dish.name }}
                state={option}
                price={option.priceCents}
                {...handlers}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** One dish or option: its name and state, its switch, and when sold out its orders. */
function ItemLine({
  item,
  state,
  price,
  busyKey,
  onOff,
  onOn,
  onOrders,
}: { item: Item; state: Pick<SoldOutOption, 'soldOut' | 'untilText'>; price: number } & SwitchHandlers) {
  const busy = busyKey === `${item.kind}-${item.id}`;
  const available = !state.soldOut;
  return (
    <div className={`partner-soldout-line partner-soldout-line-${item.kind}`}>
      <div className="partner-soldout-name">
        <span className="partner-soldout-title">{item.name}</span>
        <span className="partner-muted">
          {item.kind === 'option' ? (price > 0 ? `+${formatCents(price)}` : 'Included') : formatCents(price)}
        </span>
        {state.soldOut ? <span className="partner-soldout-until">Sold out {state.untilText}</span> : null}
      </div>
      <div className="partner-soldout-actions">
        {state.soldOut ? (
          <button type="button" className="btn btn-ghost partner-soldout-orders" onClick={() => onOrders(item)}>
            Orders<span className="visually-hidden"> with {subjectOf(item)}</span>
          </button>
        ) : null}
        <button
          type="button"
          role="switch"
          aria-checked={available}
          aria-label={`${subjectOf(item)} available`}
          className="partner-switch"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => (available ? onOff(item) : onOn(item))}
        >
          <span className="partner-switch-track" aria-hidden="true">
            <span className="partner-switch-thumb" />
          </span>
          <span className="partner-switch-text" aria-hidden="true">
            {available ? 'Available' : 'Sold out'}
          </span>
        </button>
      </div>
    </div>
  );
}

const stateLabels: Record<AffectedOrder['state'], string> = {
  accepted: 'Accepted',
  waiting: 'Waiting for your answer',
  open: 'Group order taking choices',
};

/** The orders an 86 affects, each with its customer and Message customer. */
function AffectedPanel({
  chefId,
  item,
  headingRef,
  onClose,
}: {
  chefId: number;
  item: Item;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}) {
  const affected = useAffectedOrders(chefId, targetOf(item));
  const [messaging, setMessaging] = useState<AffectedOrder | null>(null);
  const subject = subjectOf(item);
  const list = affected.data?.orders ?? [];
  return (
    <section className="partner-panel partner-affected" aria-labelledby="partner-affected-title">
      <div className="partner-detail-header">
        <h2 id="partner-affected-title" ref={headingRef} tabIndex={-1}>
          Orders with {subject}
        </h2>
        <CloseButton label="Close the orders" onClick={onClose} />
      </div>
      {affected.isPending ? (
        <Loading label="Loading the orders…" />
      ) : affected.isError ? (
        <div role="alert">
          <p>{errorMessages(affected.error).join(' ')}</p>
          <Button variant="secondary" onClick={() => void affected.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="partner-empty">No upcoming order or open group order holds it. Nothing else to do.</p>
      ) : (
        <>
          <p className="partner-muted">
            {list.length === 1 ? '1 order holds it' : `${list.length} orders hold it`}. They keep it as ordered: tell
            the customer, or propose a substitute.
          </p>
          <ul className="partner-affected-list">
            {list.map((order) => (
              <li key={`${order.kind}-${order.orderId ?? order.groupOrderId}`} className="partner-affected-order">
                <div className="partner-affected-main">
                  <p className="partner-affected-title">
                    {order.kind === 'group_order'
                      ? `Group order “${order.groupOrderName || 'Group order'}”`
                      : `Order ${order.orderNumber}`}
                    <span className={`partner-affected-state partner-affected-${order.state}`}>
                      {stateLabels[order.state]}
                    </span>
                  </p>
                  <p>
                    <strong>{order.displayDelivery}</strong> · {order.quantity} ×{' '}
                    {order.kind === 'group_order' ? 'chosen' : 'ordered'}
                  </p>
                  <p>
                    {order.customerName}
                    {order.companyName ? `, ${order.companyName}` : ''}
                  </p>
                  <p className="partner-affected-contact">
                    {order.phone ? <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</a> : null}
                    <a className="partner-email" href={`mailto:${order.email}`}>
                      {order.email}
                    </a>
                  </p>
                  {order.messagesSent > 0 ? (
                    <p className="partner-muted">
                      {order.messagesSent === 1 ? '1 message sent' : `${order.messagesSent} messages sent`}
                    </p>
                  ) : null}
                </div>
                <Button variant="secondary" onClick={() => setMessaging(order)}>
                  Message customer
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {messaging ? (
        <MessageDialog
          chefId={chefId}
          to={
            messaging.kind === 'order'
              ? { kind: 'order', orderId: messaging.orderId! }
              : { kind: 'group_order', groupOrderId: messaging.groupOrderId! }
          }
          recipient={`${messaging.customerName}, ${
            messaging.kind === 'order' ? `order ${messaging.orderNumber}` : `group order “${messaging.groupOrderName}”`
          }`}
          about={{ subject, ...targetOf(item) }}
          onClose={() => setMessaging(null)}
        />
      ) : null}
    </section>
  );
}
