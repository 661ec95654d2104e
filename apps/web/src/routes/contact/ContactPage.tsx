import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGES, formatPhoneInput, LIMITS } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { SupportEmailLink } from '../../features/support/SupportEmailLink';
import { useSupportEmail } from '../../features/support/useSupportEmail';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { lazyModule } from '../../lib/lazy-module';
import { EMPTY_CONTACT_FORM, type ContactField, type ContactForm } from './contact-fields';
import './contact.css';

/** The form's checks (the server's schema, so zod), loaded when the form is first reached. */
const contactChecks = lazyModule(() => import('./contact-form'));

export function ContactPage() {
  useDocumentTitle('Contact Us');
  const supportEmail = useSupportEmail();
  const { showMessage } = useMessageDialog();
  const [form, setForm] = useState<ContactForm>(EMPTY_CONTACT_FORM);
  const [error, setError] = useState<{ field: ContactField; message: string } | null>(null);
  const send = trpc.support.contact.useMutation();

  const update = (field: ContactField, value: string) => {
    setForm((current) => ({ ...current, [field]: field === 'phone' ? formatPhoneInput(value) : value }));
    if (error?.field === field) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const check = (await contactChecks.load()).checkContactForm(form, supportEmail);
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      // Spec §5: an invalid e-mail also clears the field.
      if (check.field === 'clientemail') setForm((current) => ({ ...current, clientemail: '' }));
      document.getElementById(`contact-${check.field}`)?.focus();
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(check.request);
      setForm((current) => ({ ...current, message: '' }));
      showMessage(CONTACT_MESSAGES.sent);
    } catch (failure) {
      logToServer('error', `Contact form failed: ${errorMessage(failure)}`);
      showMessage(CONTACT_MESSAGES.failed);
    }
  };

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: form[field],
    'aria-invalid': error?.field === field,
    'aria-describedby': error?.field === field ? 'contact-error' : undefined,
  });

  const errorFor = (field: ContactField) =>
    error?.field === field ? (
      <p id="contact-error" className="contact-form__error" role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <div className="contact-page">
      <section className="contact-page__intro">
        <h1>Contact Us</h1>
        <p>
          Questions about a place, a review or your account? Spotted something that should not be on Siplog? Send us a
          message and a person on our team will reply by e-mail.
        </p>
        {/* The sentence only once the address is known (it says nothing without it); its room is kept meanwhile, so the
            form below does not jump when it arrives. */}
        <p className="contact-page__direct">
          {supportEmail && (
            <>
              You can also write to us directly at <SupportEmailLink />.
            </>
          )}
        </p>
      </section>

      <form className="contact-form" noValidate onSubmit={submit} onFocus={contactChecks.preload} aria-label="Contact Us">
        <label htmlFor="contact-clientemail">Email</label>
        <input
          {...fieldProps('clientemail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.emailMax}
          placeholder="you@example.com"
          onChange={(event) => update('clientemail', event.target.value)}
        />
        {errorFor('clientemail')}

        <div className="contact-form__row">
          <div>
            <label htmlFor="contact-firstname">First name</label>
            <input
              {...fieldProps('firstname')}
              autoComplete="given-name"
              maxLength={LIMITS.nameMax}
              onChange={(event) => update('firstname', event.target.value)}
            />
            {errorFor('firstname')}
          </div>
          <div>
            <label htmlFor="contact-lastname">Last name</label>
            <input
              {...fieldProps('lastname')}
              autoComplete="family-name"
              maxLength={LIMITS.nameMax}
              onChange={(event) => update('lastname', event.target.value)}
            />
            {errorFor('lastname')}
          </div>
        </div>

        <label htmlFor="contact-phone">Phone</label>
        <input
          {...fieldProps('phone')}
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          maxLength={LIMITS.phoneMax}
          placeholder={CONTACT_MESSAGES.phonePlaceholder}
          onChange={(event) => update('phone', event.target.value)}
        />
        {errorFor('phone')}

        <label htmlFor="contact-message">Message</label>
        <textarea
          {...fieldProps('message')}
          rows={6}
          maxLength={LIMITS.contactMessageMax}
          placeholder="How can we help?"
          onChange={(event) => update('message', event.target.value)}
        />
        {errorFor('message')}

        <button type="submit" className="button button--primary contact-form__submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </button>
      </form>
    </div>
  );
}
