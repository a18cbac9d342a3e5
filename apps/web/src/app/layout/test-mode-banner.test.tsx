import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TestModeBanner } from './test-mode-banner';

describe('TestModeBanner', () => {
  it('says that no card is charged, as a status message, in test mode', () => {
    expect(renderToStaticMarkup(<TestModeBanner testMode />)).toBe(
      '<div class="test-mode-banner" role="status"><strong>Test mode — no card is charged</strong></div>',
    );
  });

  it('shows nothing with real payments or before the server answered', () => {
    expect(renderToStaticMarkup(<TestModeBanner testMode={false} />)).toBe('');
    expect(renderToStaticMarkup(<TestModeBanner testMode={undefined} />)).toBe('');
  });
});
