import { lazy, Suspense, useState } from 'react';
import { messages } from '@caterway/domain';
import { storage } from '../../../lib/storage';
import './suggestion-bot.css';

// The dialog (form, preparing, suggestion) loads when first opened.
const SuggestionDialog = lazy(() => import('./suggestion-dialog').then((m) => ({ default: m.SuggestionDialog })));

// The menu-suggestion bot of a preset page (ordering-payments §4 'Suggestion bot', §5): a
// floating button with a tooltip (dismissed once, remembered on the device), a form (email
// valid and required, request message required), then 'preparing', then the server's message
// with View Suggestion.

export function SuggestionBot({ presetId, presetName }: { presetId: number; presetName: string }) {
  const [open, setOpen] = useState(false);
  const [tooltip, setTooltip] = useState(() => !storage.getSuggestionTooltipDismissed());
  const dismissTooltip = () => {
    storage.setSuggestionTooltipDismissed();
    setTooltip(false);
  };
  return (
    <div className="suggestion-bot">
      {tooltip ? (
        <div className="suggestion-tooltip" role="note">
          <span>{messages.suggestionTooltip}</span>
          <button type="button" className="icon-button" aria-label="Dismiss tip" onClick={dismissTooltip}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
      <button
        type="button"
        className="suggestion-fab"
        aria-label="Ask for a menu suggestion"
        onClick={() => {
          if (tooltip) dismissTooltip();
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path d="M4 5h16v10H9l-5 4V5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M8 9h8M8 12h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SuggestionDialog presetId={presetId} presetName={presetName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
export default SuggestionBot;
