import { groupOrdersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// The group-order client, in a module of its own so that it is loaded on the click (create-group-order.ts).
export const groupOrders = connect(groupOrdersClient);
