/**
 * Downloads over fetch with the session token (a link cannot send an Authorization header): the answer is read as
 * it arrives, so the caller can show how much came, then handed to the browser to save under the server's name.
 * REST errors answer `{ status, msg }`; the message is kept for the caller.
 */

export class DownloadError extends Error {
  constructor(
    /** The HTTP status, or 0 when the request never got an answer (offline, aborted). */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

const NETWORK_FAILURE = 'The download failed. Please check your connection and try again.';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if it names a plain one. */
export function attachmentFileName(header: string | null): string | null {
  const match = header?.match(/filename="([^"/\\]+)"/);
  return match ? match[1] : null;
}

export interface DownloadOptions {
  token?: string;
  /** Called with the bytes received so far as they arrive. */
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

/** GETs `url` and answers its body and the file name the server gave; rejects with a DownloadError otherwise. */
export async function fetchDownload(url: string, fallbackName: string, { token, onProgress, signal }: DownloadOptions = {}): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal, cache: 'no-store' });
  } catch {
    throw new DownloadError(0, NETWORK_FAILURE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    throw new DownloadError(response.status, typeof body?.msg === 'string' && body.msg ? body.msg : response.statusText || `HTTP ${response.status}`);
  }
  const parts: BlobPart[] = [];
  let received = 0;
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      onProgress?.(received);
    }
  } catch {
    throw new DownloadError(0, NETWORK_FAILURE);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(parts, { type }), fileName: attachmentFileName(response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Hands a blob to the browser's download, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
