import { useSiteConfig } from '../lib/site-config';

// The support line (issue 20 §4, decision 066): the phone and email production sets
// (SUPPORT_PHONE, SUPPORT_EMAIL), read from GET api/v2/site_config, so every page names the same
// contact and no build bakes it in. Nothing shows until the answer is in.

/** A phone number as customers read it, dialled: `tel:` with its digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The support address, with the order number as the email's subject when there is one. */
export const mailtoHref = (email: string, orderNumber?: string) =>
  `mailto:${email}${orderNumber ? `?subject=${encodeURIComponent(`Order ${orderNumber}`)}` : ''}`;

export function useSupportContact(): { email: string; phone: string } | undefined {
  const config = useSiteConfig().data;
  return config ? { email: config.supportEmail, phone: config.supportPhone } : undefined;
}

/** "Questions? Call … or email …": the header menu and the footer. */
export function SupportLine({ className }: { className?: string }) {
  const contact = useSupportContact();
  if (!contact) return null;
  return (
    <p className={className ? `support-line ${className}` : 'support-line'}>
      Questions? Call <a href={telHref(contact.phone)}>{contact.phone}</a> or email{' '}
      <a href={mailtoHref(contact.email)}>{contact.email}</a>
    </p>
  );
}

/**
 * "Need help with this order?" with the order's number (My Orders, the edit page, the completed
 * page): the email link carries the number as its subject. A group order before its cut-off has
 * no number yet: the line then only names the contact.
 */
export function OrderHelp({ orderNumber }: { orderNumber?: string | null }) {
  const contact = useSupportContact();
  if (!contact) return null;
  const number = orderNumber || undefined;
  return (
    <p className="order-help">
      <strong>Need help with this order?</strong> Call <a href={telHref(contact.phone)}>{contact.phone}</a> or email{' '}
      <a href={mailtoHref(contact.email, number)}>{contact.email}</a>
      {number ? (
        <>
          {' '}
          and quote order <span className="order-help-number">{number}</span>
        </>
      ) : null}
      .
    </p>
  );
}
