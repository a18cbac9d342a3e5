import { useMutation } from '@tanstack/react-query';
import type { NumPeopleRange, OrderFrequency } from '@caterway/domain';
import { api } from '../../../lib/api-client';

// POST messages/json_create.json (browse-account-orders §7): the demo request, with the solved
// captcha. 201 { message }; 422 { error, messages } with the form's own spec messages.

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

export const createDemoRequest = (request: DemoRequest) =>
  api.post<{ message: string }>('/messages/json_create.json', { message: request }, { auth: 'none' });

export const useCreateDemoRequest = () =>
  useMutation({
    mutationFn: createDemoRequest,
    // The form shows the spec's failure toast itself (browse-account-orders §8: 4 s).
    meta: { handlesErrors: true },
  });
