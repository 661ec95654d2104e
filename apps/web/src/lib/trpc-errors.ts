/** Reading a failed call: its HTTP status, a message fit to show, and a line for the client log. */

/** The HTTP status a tRPC call failed with, or undefined when the server never answered (offline, aborted). */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { data?: { httpStatus?: unknown } | null }).data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** The error's message, for anything thrown (an Error, or whatever else was rejected). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's own readable message when it refused the request for a reason the person can act on
 * (a 4xx answer: an expired code, a taken username, too many attempts); null for outages and network errors,
 * whose texts are not meant for people.
 */
export function specificServerMessage(error: unknown): string | null {
  const status = httpStatusOf(error);
  if (status === undefined || status < 400 || status >= 500) return null;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** Text for the client log: what failed and why, without ever throwing. */
export function describeFailure(what: string, error: unknown): string {
  const status = httpStatusOf(error);
  return `${what}${status ? ` (${status})` : ''}: ${errorMessage(error)}`;
}
