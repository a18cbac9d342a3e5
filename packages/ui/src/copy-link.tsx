import { useEffect, useId, useRef, useState } from 'react';
import styles from './copy-link.module.css';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard permission (or an insecure origin): the older way, from the visible field
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

/** The share link in a read-only field with a Copy button that says 'URL Copied!'. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (state === 'idle') return;
    const t = window.setTimeout(() => setState('idle'), 4000);
    return () => window.clearTimeout(t);
  }, [state]);
  return (
    <div className={styles.copyLink}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.row}>
        <input id={id} ref={inputRef} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn"
          onClick={() => void copyText(url, inputRef.current).then((copied) => setState(copied ? 'copied' : 'failed'))}
        >
          Copy link
        </button>
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {state === 'copied'
          ? 'URL Copied!'
          : state === 'failed'
            ? 'Could not copy: select the link and copy it yourself.'
            : ''}
      </p>
    </div>
  );
}
