import { contactRequestSchema, type ContactRequest } from '@siplog/contracts';

import type { ContactField, ContactForm } from './contact-fields';

export type { ContactField, ContactForm } from './contact-fields';

export type ContactCheck = { ok: true; request: ContactRequest } | { ok: false; field: ContactField; message: string };

/** Runs the contact form's checks in the spec's order with the same schema the server uses. */
export function checkContactForm(form: ContactForm, supportEmail?: string): ContactCheck {
  const result = contactRequestSchema.safeParse({ ...form, ...(supportEmail ? { email: supportEmail } : {}) });
  if (result.success) return { ok: true, request: result.data };
  const issue = result.error.issues[0];
  return { ok: false, field: issue.path[0] as ContactField, message: issue.message };
}
