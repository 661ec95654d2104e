import { authenticateUserSchema, forgotPasswordSchema } from '@siplog/contracts';
import type { z } from 'zod';

export type LoginRequest = z.output<typeof authenticateUserSchema>;

/** Spec §5 Login: spaces are stripped from the e-mail and it is lower-cased as it is typed. */
export function normalizeEmailInput(raw: string): string {
  return raw.replace(/\s/g, '').toLowerCase();
}

/** The login form with the schema the server uses; any problem is the one 'Invalid fields.' warning. */
export function checkLogin(form: { email: string; password: string }): { ok: true; request: LoginRequest } | { ok: false } {
  const result = authenticateUserSchema.safeParse(form);
  return result.success ? { ok: true, request: result.data } : { ok: false };
}

/** 'Email Password' reads the e-mail field: required, then valid (spec §5 Forgot password). */
export function checkForgotPassword(email: string): { ok: true; email: string } | { ok: false; message: string } {
  const result = forgotPasswordSchema.safeParse({ email });
  return result.success ? { ok: true, email: result.data.email } : { ok: false, message: result.error.issues[0].message };
}

/** The HTTP status a tRPC call failed with, or undefined when the server never answered (offline, aborted). */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { data?: { httpStatus?: unknown } | null }).data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
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
  const message = error instanceof Error ? error.message : String(error);
  return `${what}${status ? ` (${status})` : ''}: ${message}`;
}
