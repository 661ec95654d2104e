// Apart from the checks (contact-form.ts, which hold the server's schema and so zod): the page needs these to show,
// the checks only on submit.
export type ContactField = 'clientemail' | 'firstname' | 'lastname' | 'phone' | 'message';
export type ContactForm = Record<ContactField, string>;

export const EMPTY_CONTACT_FORM: ContactForm = { clientemail: '', firstname: '', lastname: '', phone: '', message: '' };
