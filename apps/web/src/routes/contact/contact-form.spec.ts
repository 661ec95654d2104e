import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, INPUT_MESSAGES } from '@siplog/contracts';
import { checkContactForm, type ContactForm } from './contact-form';

const valid: ContactForm = {
  clientemail: ' Ann@Example.COM ',
  firstname: 'Ann',
  lastname: 'Lee',
  phone: '512-555-0199',
  message: 'Do you list tea houses too?',
};

describe('checkContactForm', () => {
  it('reports the checks in the spec order, one at a time', () => {
    const steps: Array<[Partial<ContactForm>, keyof ContactForm, string]> = [
      [{ clientemail: 'not-an-email' }, 'clientemail', CONTACT_MESSAGES.emailInvalid],
      [{ firstname: '  ' }, 'firstname', CONTACT_MESSAGES.firstNameRequired],
      [{ lastname: '' }, 'lastname', CONTACT_MESSAGES.lastNameRequired],
      [{ phone: '512-555-019' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
      [{ message: 'too short' }, 'message', CONTACT_MESSAGES.messageTooShort],
    ];
    for (const [broken, field, message] of steps) {
      expect(checkContactForm({ ...valid, ...broken })).toEqual({ ok: false, field, message });
    }
  });

  it('refuses an e-mail with a space inside rather than sending it as another address', () => {
    for (const clientemail of ['ann @example.com', 'ann@exa mple.com']) {
      expect(checkContactForm({ ...valid, clientemail })).toEqual({ ok: false, field: 'clientemail', message: CONTACT_MESSAGES.emailInvalid });
    }
  });

  it('refuses a control character with the server’s message before sending', () => {
    expect(checkContactForm({ ...valid, message: 'Do you list\u0000 tea houses?' })).toEqual({ ok: false, field: 'message', message: INPUT_MESSAGES.controlCharacters });
    expect(checkContactForm({ ...valid, firstname: 'A\u0007nn' })).toEqual({ ok: false, field: 'firstname', message: INPUT_MESSAGES.controlCharacters });
  });

  it('shows the earliest failing check when several fail', () => {
    const result = checkContactForm({ clientemail: '', firstname: '', lastname: '', phone: '', message: '' });
    expect(result).toEqual({ ok: false, field: 'clientemail', message: CONTACT_MESSAGES.emailInvalid });
  });

  it('normalises a valid form into the request the server expects', () => {
    expect(checkContactForm(valid, 'support@siplog.test')).toEqual({
      ok: true,
      request: { ...valid, clientemail: 'ann@example.com', email: 'support@siplog.test' },
    });
  });
});
