import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { getAltchaChallenge } from '../api/get-altcha-challenge';
import { solveInBackground } from '../captcha/solve';
import { encodeAltchaPayload } from '../captcha/solver';

// The self-hosted ALTCHA captcha as a plain, accessible checkbox (browse-account-orders §5:
// 'Please verify if you are human.'). Ticking it fetches a challenge and solves it in a Web
// Worker; the status ('Verifying…', then 'Verified') is announced politely.

type Status = 'idle' | 'verifying' | 'verified' | 'failed';

export interface AltchaCheckboxProps {
  /** the base64 payload once solved; null when not (or no longer) verified */
  onChange: (payload: string | null) => void;
  error?: string | null;
  /** change it to start over (e.g. after the server refused an expired solution) */
  resetKey?: number;
}

export function AltchaCheckbox({ onChange, error, resetKey = 0 }: AltchaCheckboxProps) {
  const id = useId();
  // the status with the resetKey it was set under: a new resetKey starts over at 'idle' (derived
  // while rendering), and a verification finishing for an older one no longer counts
  const [state, setState] = useState<{ resetKey: number; status: Status }>({ resetKey, status: 'idle' });
  const status: Status = state.resetKey === resetKey ? state.status : 'idle';
  const setStatus = (next: Status) => setState({ resetKey, status: next });
  const controller = useRef<AbortController | null>(null);
  // the latest onChange, for a verification that finishes after a re-render
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const clear = useEffectEvent(() => onChange(null));

  useEffect(() => {
    controller.current?.abort();
    clear();
  }, [resetKey]);

  useEffect(() => () => controller.current?.abort(), []);

  async function verify() {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setStatus('verifying');
    try {
      const challenge = await getAltchaChallenge(ctrl.signal);
      const solution = await solveInBackground(challenge, ctrl.signal);
      if (ctrl.signal.aborted) return;
      if (!solution) throw new Error('not solved');
      setStatus('verified');
      onChangeRef.current(encodeAltchaPayload(challenge, solution));
    } catch {
      if (ctrl.signal.aborted) return;
      setStatus('failed');
      onChangeRef.current(null);
    }
  }

  const statusText =
    status === 'verifying'
      ? 'Verifying…'
      : status === 'verified'
        ? 'Verified'
        : status === 'failed'
          ? 'Verification failed. Please try again.'
          : '';
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div className={['captcha', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <div className="captcha-box">
        <input
          id={id}
          type="checkbox"
          checked={status === 'verifying' || status === 'verified'}
          disabled={status === 'verifying' || status === 'verified'}
          aria-describedby={[`${id}-status`, errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            if (event.target.checked) void verify();
          }}
        />
        <label htmlFor={id}>I&apos;m not a robot</label>
        <span id={`${id}-status`} className="captcha-status" role="status" aria-live="polite">
          {status === 'verifying' ? <span className="spinner" aria-hidden="true" /> : null}
          {statusText}
        </span>
      </div>
      <p className="captcha-note muted">Protected by a privacy-friendly proof-of-work check (ALTCHA); no tracking.</p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
