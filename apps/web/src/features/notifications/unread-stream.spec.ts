import { describe, expect, it } from 'vitest';
import { parseUnreadEvent } from './unread-stream';

describe('parseUnreadEvent', () => {
  it('reads the count of an unread event', () => {
    expect(parseUnreadEvent('event: unread\ndata: {"unread":3}')).toBe(3);
  });

  it('ignores keep-alives, other events and data that is not a count', () => {
    expect(parseUnreadEvent(': keep-alive')).toBeNull();
    expect(parseUnreadEvent('event: other\ndata: {"unread":3}')).toBeNull();
    expect(parseUnreadEvent('event: unread\ndata: {"unread":"3"}')).toBeNull();
    expect(parseUnreadEvent('event: unread\ndata: not json')).toBeNull();
  });
});
