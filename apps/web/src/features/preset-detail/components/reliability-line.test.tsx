// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { presetReliabilityResponseSchema, type PresetReliabilityResponse } from '@caterway/contracts';
import { contractJson, setupContractServer } from '@caterway/contracts/testing';
import ReliabilityLine from './reliability-line';

// The restaurant's reliability (issue 20 part 3) appears beside the rating in the page's header,
// and nothing appears for a restaurant whose record is too thin.

afterEach(cleanup);

let answer: PresetReliabilityResponse = { reliability: null };
let reads = 0;
setupContractServer(
  http.get('/api/v2/presets/9/reliability', () => {
    reads += 1;
    return contractJson(presetReliabilityResponseSchema, answer);
  }),
);

function page() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <header className="preset-header">
        <div className="preset-meta" data-testid="meta">
          <span>★ 4.6</span>
        </div>
      </header>
      <ReliabilityLine presetId={9} />
    </QueryClientProvider>,
  );
}

describe('the reliability line', () => {
  it("shows the restaurant's record inside the header's facts", async () => {
    answer = {
      reliability: {
        text: 'Usually confirms in 12 min · 98% on time, last 90 days',
        days: 90,
        median_minutes_to_accept: 12,
        on_time_rate: 0.98,
        delivered: 40,
      },
    };
    page();
    const line = await screen.findByTestId('reliability');
    expect(line.textContent).toBe('Usually confirms in 12 min · 98% on time, last 90 days');
    expect(screen.getByTestId('meta').contains(line)).toBe(true);
  });

  it('shows nothing when the record is too thin', async () => {
    answer = { reliability: null };
    const before = reads;
    page();
    await expect.poll(() => reads).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('reliability')).toBeNull();
  });
});
