import type { TestApp } from './test-app';

/** A person's /api/notification/stream held open, as the web app holds it. */
export interface UnreadStream {
  /** Reads events until one says `unread` (within `withinMs`); fails with what was heard otherwise. */
  until: (unread: number, withinMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function openUnreadStream(app: TestApp, auth: Record<string, string>): Promise<UnreadStream> {
  const response = await fetch(`${app.baseUrl}/api/notification/stream`, { headers: auth });
  if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const heard: number[] = [];
  return {
    async until(unread, withinMs = 5_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        for (let match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(buffered); match; match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(buffered)) {
          buffered = buffered.slice(match.index + match[0].length);
          heard.push((JSON.parse(match[1]!) as { unread: number }).unread);
          if (heard.at(-1) === unread) return;
        }
        const left = deadline - Date.now();
        const chunk = left > 0 ? await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]) : null;
        if (!chunk || chunk.done) throw new Error(`the stream never said ${unread} within ${withinMs} ms (heard ${JSON.stringify(heard)})`);
        buffered += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}
