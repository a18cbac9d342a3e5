import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { partnerInboxEventSchema, type PartnerInboxEvent } from '@caterway/contracts';
import { getToken } from '../../../stores/session';
import { refreshOrders } from './orders';

// The inbox's live stream (decision 048): GET api/v2/partner/restaurants/{chefId}/events, read
// with fetch because EventSource cannot send the bearer token. Each `inbox` event refreshes the
// lists; one that names new requests also chimes (a kitchen hears an order arrive). A broken
// stream reconnects after 1 s, then up to 30 s, sending Last-Event-ID, so the first event after
// it says what arrived meanwhile. The 30 s poll of the lists stays as the fallback.

const MAX_RETRY_MS = 30_000;

/** Parses a text/event-stream chunk into complete events; answers them and the unparsed rest. */
export function parseEvents(buffer: string): { events: { id?: string; event?: string; data: string }[]; rest: string } {
  const events: { id?: string; event?: string; data: string }[] = [];
  let rest = buffer.replace(/\r\n/g, '\n');
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const fields: { id?: string; event?: string; data: string } = { data: '' };
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'data') fields.data = fields.data ? `${fields.data}\n${value}` : value;
      else if (name === 'id') fields.id = value;
      else if (name === 'event') fields.event = value;
    }
    if (fields.event || fields.data) events.push(fields);
  }
  return { events, rest };
}

/** A short two-note chime (Web Audio; silent where the browser has not allowed sound yet). */
function chime(): void {
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const now = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.18);
      osc.stop(now + i * 0.18 + 0.32);
    }
    window.setTimeout(() => void audio.close().catch(() => undefined), 1_000);
  } catch {
    /* no sound: the title and the list still say it */
  }
}

/** Keeps the restaurant's inbox live while mounted; `onEvent` sees each event (tests, the title). */
export function useInboxEvents(chefId: number, onEvent?: (e: PartnerInboxEvent) => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof fetch !== 'function' || typeof TextDecoder === 'undefined') return;
    let stopped = false;
    let controller: AbortController | null = null;
    let retry = 1_000;
    let lastId: string | undefined;
    let timer: number | undefined;

    const connect = async () => {
      controller = new AbortController();
      try {
        const token = getToken();
        const res = await fetch(`/api/v2/partner/restaurants/${chefId}/events`, {
          headers: {
            accept: 'text/event-stream',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(lastId ? { 'last-event-id': lastId } : {}),
          },
          signal: controller.signal,
        });
        // signed out or no access: the page's own calls say so; no retry loop
        if (res.status === 401 || res.status === 403 || res.status === 404) return;
        if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
        retry = 1_000;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const e of parsed.events) {
            if (e.event !== 'inbox') continue;
            if (e.id) lastId = e.id;
            const data = partnerInboxEventSchema.safeParse(JSON.parse(e.data));
            if (!data.success) continue;
            if (data.data.new_request_ids.length > 0) chime();
            onEvent?.(data.data);
            void refreshOrders(queryClient, chefId);
          }
        }
      } catch {
        /* dropped or refused: try again below */
      }
      if (stopped) return;
      timer = window.setTimeout(() => void connect(), retry);
      retry = Math.min(retry * 2, MAX_RETRY_MS);
    };
    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      controller?.abort();
    };
  }, [chefId, queryClient, onEvent]);
}
