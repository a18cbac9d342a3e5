import { afterEach, describe, expect, it } from 'vitest';
import { ordersClient, paymentsClient } from '@caterway/contracts/client';
import { configureApiClient } from '../lib/api-client';
import { connect } from './clients';

// The storefront's adapter (decision 043): a contract client on the app's transport, every answer
// camelCased as the features read it, files as they are; the arguments reach the client untouched.

function answering(status: number, body: BodyInit | null, type = 'application/json') {
  const calls: { url: string; method: string | undefined; body: unknown }[] = [];
  configureApiClient({
    getToken: () => 'jwt-1',
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, method: init.method, body: init.body ? JSON.parse(init.body as string) : undefined });
      return Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }));
    }) as typeof fetch,
  });
  return calls;
}

afterEach(() => configureApiClient({ getToken: () => null, onUnauthorized: () => {}, fetch: undefined }));

describe('connect', () => {
  it('camelCases an answer, address1 and data keys aside', async () => {
    answering(
      200,
      JSON.stringify({
        payment_methods: [
          { id: 1, payment_method_id: 'pm_1', is_default: true, exp_month: 4, address1: 'x', mapping: { '12': 3 } },
        ],
      }),
    );
    const methods = await connect(paymentsClient).methods();
    expect(methods).toEqual([
      { id: 1, paymentMethodId: 'pm_1', isDefault: true, expMonth: 4, address1: 'x', mapping: { '12': 3 } },
    ]);
  });

  it('sends the wire body the feature built, and its path', async () => {
    const calls = answering(200, JSON.stringify({ payment_methods: [] }));
    await connect(paymentsClient).createSetupIntent({ payment_type: 'acss_debit' });
    expect(calls).toEqual([
      { url: '/api/v2/payment_methods/create_setup_intent', method: 'POST', body: { payment_type: 'acss_debit' } },
    ]);
  });

  it('hands a file over as the Blob it is', async () => {
    answering(200, '%PDF-1.7', 'application/pdf');
    const pdf = await connect(ordersClient).invoicePdf(31);
    expect(pdf).toBeInstanceOf(Blob);
    expect(await pdf.text()).toBe('%PDF-1.7');
  });

  it('gives every method of the client', () => {
    expect(Object.keys(connect(ordersClient)).sort()).toEqual(Object.keys(ordersClient(() => never())).sort());
  });
});

function never(): never {
  throw new Error('not sent');
}
