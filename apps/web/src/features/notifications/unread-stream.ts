/** One `unread` event of the server's text/event-stream, or null for anything else (a keep-alive, another event). */
export function parseUnreadEvent(block: string): number | null {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (event !== 'unread' || !data) return null;
  try {
    const parsed = JSON.parse(data) as { unread?: unknown };
    return typeof parsed.unread === 'number' ? parsed.unread : null;
  } catch {
    return null;
  }
}

/**
 * Follows /api/notification/stream with the session token in its header (EventSource cannot send one): `onUnread`
 * gets the count when the stream opens and on every change, from whichever node holds the stream. Resolves when the
 * stream ends (the server went away, or `signal` aborted it); rejects when it could not be opened.
 */
export async function followUnreadStream(token: string, onUnread: (unread: number) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch('/api/notification/stream', { headers: { Authorization: `Bearer ${token}` }, signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        const unread = parseUnreadEvent(buffered.slice(0, end));
        if (unread !== null) onUnread(unread);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
      }
    }
  } finally {
    reader.releaseLock();
  }
}
