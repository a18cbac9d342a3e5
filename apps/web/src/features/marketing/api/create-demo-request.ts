import { useMutation } from '@tanstack/react-query';
import type { DemoRequestInput } from '@caterway/contracts';
import { demoRequestsClient } from '@caterway/contracts/client';
import type { NumPeopleRange, OrderFrequency } from '@caterway/domain';
import { connect } from '../../../api/clients';

// POST messages/json_create.json (browse-account-orders §7): the demo request, with the solved
// captcha. 201 { message }; 422 { error, messages } with the form's own spec messages.

const demoRequests = connect(demoRequestsClient);

/** The form's values: the contract's fields, each filled in (or not yet chosen: ''). */
export interface DemoRequest {
  name: string;
  email: string;
  company: string;
  phone: string;
  numPeopleRange: NumPeopleRange | '';
  orderFrequency: OrderFrequency | '';
  message: string;
  /** base64 ALTCHA payload */
  altcha: string;
}

/** The request as the API reads it (and validateDemoRequest checks it). */
export const demoRequestInput = (v: DemoRequest): DemoRequestInput => ({
  name: v.name,
  email: v.email,
  company: v.company,
  phone: v.phone,
  num_people_range: v.numPeopleRange,
  order_frequency: v.orderFrequency,
  message: v.message,
  altcha: v.altcha,
});

export const createDemoRequest = (request: DemoRequest) => demoRequests.create({ message: demoRequestInput(request) });

export const useCreateDemoRequest = () =>
  useMutation({
    mutationFn: createDemoRequest,
    // The form shows the spec's failure toast itself (browse-account-orders §8: 4 s).
    meta: { handlesErrors: true },
  });
