/**
 * Multipart uploads over XMLHttpRequest, because fetch cannot report upload progress.
 * REST errors answer `{ status, msg }` (the API's one error shape); the message is kept for the caller.
 */

export class UploadError extends Error {
  constructor(
    /** The HTTP status, or 0 when the request never got an answer (offline, aborted). */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }

  /** Spec §8: a 401 or 403 from an upload signs the person out. */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export interface UploadOptions {
  /** The session token, sent as a Bearer authorization header. */
  token?: string;
  /** Called with 0..1 as the request body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const NETWORK_FAILURE = 'The upload failed. Please check your connection and try again.';
const ABORTED = 'The upload was cancelled.';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' && body.msg) return body.msg;
  return undefined;
}

/** POSTs `form` to `url` and resolves with the JSON answer of a 2xx response; rejects with an UploadError otherwise. */
export function uploadForm<T>(url: string, form: FormData, { token, onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(0, ABORTED));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      xhr.upload.onload = () => onProgress(1);
    }

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      // Spec §8: the rejection reason is the response message, or else the status text.
      else reject(new UploadError(xhr.status, messageOf(body) ?? (xhr.statusText || `HTTP ${xhr.status}`)));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError(0, NETWORK_FAILURE));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadError(0, ABORTED));
    };
    xhr.send(form);
  });
}
