import { describe, expect, it } from 'vitest';
import { parseEvents } from './inbox-events';

describe('parseEvents', () => {
  it('reads complete events and keeps the unfinished rest', () => {
    const { events, rest } = parseEvents(
      'retry: 3000\n\nid: 7\nevent: inbox\ndata: {"waiting_count":2}\n\n: keep-alive\n\nid: 8\nevent: inb',
    );
    expect(events).toEqual([{ id: '7', event: 'inbox', data: '{"waiting_count":2}' }]);
    expect(rest).toBe('id: 8\nevent: inb');
  });

  it('joins data lines and accepts CRLF', () => {
    expect(parseEvents('event: inbox\r\ndata: a\r\ndata: b\r\n\r\n').events).toEqual([
      { event: 'inbox', data: 'a\nb' },
    ]);
  });
});
