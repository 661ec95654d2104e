// The form's checks with the server's schemas (so zod), apart from join-form.ts: the page loads them when the form
// is first reached, not with the page.
import { capitalizeName, emailOnlySchema, registerUserSchema, usernameField } from '@siplog/contracts';
import type { FieldCheck, JoinField, JoinForm, RegisterRequest } from './join-form';

/** Step 1: just the e-mail, with the registration message. */
export function checkJoinEmail(email: string): FieldCheck<string> {
  const result = emailOnlySchema.safeParse({ email });
  if (result.success) return { ok: true, value: result.data.email };
  return { ok: false, field: 'email', message: result.error.issues[0].message };
}

/**
 * Step 2: the whole form against the schema the server uses; the first issue in schema order is
 * reported. A valid form becomes the request, names capitalised (spec §5) and an unchosen year left out.
 */
export function checkJoinForm(form: JoinForm): FieldCheck<RegisterRequest> {
  const { yearofbirth, ...rest } = form;
  const result = registerUserSchema.safeParse({ ...rest, ...(yearofbirth ? { yearofbirth } : {}) });
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, field: issue.path[0] as JoinField, message: issue.message };
  }
  const data = result.data;
  return {
    ok: true,
    value: { ...data, firstname: capitalizeName(data.firstname), lastname: capitalizeName(data.lastname) },
  };
}

/** Why a username cannot be used as typed, or null when it is worth asking the server whether it is free. */
export function usernameProblem(username: string): string | null {
  const result = usernameField.safeParse(username);
  return result.success ? null : result.error.issues[0].message;
}
