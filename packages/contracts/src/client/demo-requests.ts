import type { AltchaChallenge, DemoRequestBody, DemoRequestCreated } from '../demo-requests.js';
import type { CallOptions, Transport } from './transport.js';

// The book-a-demo form (browse-account-orders §5, §7) and the proof-of-work captcha that guards it.
// Public. Nothing here is cached (a challenge is single use), so there are no query keys.

export function demoRequestsClient(send: Transport) {
  return {
    /** GET api/v2/altcha/challenge: a fresh signed challenge (its keys are the protocol's camelCase) */
    altchaChallenge: (o?: CallOptions) =>
      send<AltchaChallenge>('GET', '/api/v2/altcha/challenge', { ...o, auth: 'none' }),
    /** POST messages/json_create.json -> 201 { message }; 422 { error, messages } with the form's messages */
    create: (body: DemoRequestBody, o?: CallOptions) =>
      send<DemoRequestCreated>('POST', '/messages/json_create.json', { ...o, body, auth: 'none' }),
  };
}

export type DemoRequestsClient = ReturnType<typeof demoRequestsClient>;
