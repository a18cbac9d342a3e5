import { availableTimeSlots } from '@caterway/domain';
import type { AccountProfile } from './api/types';
import { noExtras, type CheckoutFormValues } from './checkout-form';
import type { AddOnCheckout, CheckoutPageProps } from './checkout-types';

/**
 * The checkout form as it opens: the account's details, and the delivery bar's address, date
 * and time (a time no longer offered is left empty); an add-on takes its parent's delivery.
 */
export function initialValues(
  profile: AccountProfile,
  delivery: CheckoutPageProps['delivery'],
  now: Date,
  addOn?: AddOnCheckout,
): CheckoutFormValues {
  if (addOn) {
    return {
      firstName: profile.firstName,
      lastName: profile.lastName,
      companyName: profile.companyName,
      phoneNumber: profile.phone,
      emailAddress: profile.email,
      address: addOn.parent.address,
      address2: addOn.parent.address2,
      date: addOn.parent.date,
      time: addOn.parent.time,
      notes: '',
      servingStyle: 'Individually Packaged',
      cutleryNeeded: false,
      cutleryCount: '',
      ...noExtras,
      poNumber: addOn.poNumber ?? '',
      costCentre: addOn.costCentre ?? '',
    };
  }
  const slots = availableTimeSlots(delivery.deliveryDate, now);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: profile.companyName,
    phoneNumber: profile.phone,
    emailAddress: profile.email,
    address: delivery.address,
    address2: profile.address2,
    date: delivery.deliveryDate,
    time: slots.includes(delivery.deliveryTime) ? delivery.deliveryTime : '',
    notes: profile.defaultDeliveryInstructions,
    servingStyle: 'Individually Packaged',
    cutleryNeeded: false,
    cutleryCount: '',
    ...noExtras,
  };
}
