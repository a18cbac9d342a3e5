import { messages } from '@caterway/domain';
import type { PresetChef } from '../api/types';

/** 'Ordered 12 times' (ordering-payments §2 Restaurant / preset detail). */
export const orderedTimes = (n: number) => messages.orderedTimes(n);

/** A caterer by its business name, else the chef's own name. */
export const chefDisplayName = (chef: Pick<PresetChef, 'businessName' | 'firstName' | 'lastName'>) =>
  chef.businessName || `${chef.firstName} ${chef.lastName}`.trim();

/** 'Requires 24 hours notice' (pre_order_notice_hour; none when 0). */
export const noticeText = (hours: number) =>
  hours > 0 ? `Requires ${hours} ${hours === 1 ? 'hour' : 'hours'} notice` : null;
