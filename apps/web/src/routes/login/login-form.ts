import { authenticateUserSchema, forgotPasswordSchema } from '@siplog/contracts';
import type { z } from 'zod';

export type LoginRequest = z.output<typeof authenticateUserSchema>;

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
