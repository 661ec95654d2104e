import { useRef, useState, type FormEvent } from 'react';
import { ADMIN_MESSAGES, CONTACT_MESSAGES, DIALOG_TITLES, formatPhoneInput, LIMITS, PHONE_PATTERN, REGISTRATION_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import type { AdminUser } from './user-filter';

const ZIP_PATTERN = new RegExp(`^\\d{${LIMITS.zipLength}}$`);

/**
 * Spec §2 Users panel, details shown: the person's fields (e-mail and username read only), Update, and a message to
 * them. Mount it keyed by e-mail, so choosing someone else starts from their own fields.
 */
export function UserDetails({ user }: { user: AdminUser }) {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const [fields, setFields] = useState({
    firstname: user.first_name,
    lastname: user.last_name,
    phonenumber: user.phone_number,
    address: user.address,
    zipcode: user.zip_code,
  });
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const update = trpc.admin.updateUser.useMutation();
  const sendEmail = trpc.admin.sendEmail.useMutation();
  const sending = useRef(false);
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submitUpdate = async (event: FormEvent) => {
    event.preventDefault();
    // The phone is complete at 12 characters (spec §5 Admin), or left empty.
    if (fields.phonenumber && !PHONE_PATTERN.test(fields.phonenumber)) {
      showMessage({ title: DIALOG_TITLES.warning, body: CONTACT_MESSAGES.phoneInvalid });
      return;
    }
    // A zip can be changed but not removed: a person has one from joining (an account without one may stay so).
    const keepsNoZip = fields.zipcode === '' && user.zip_code === '';
    if (!keepsNoZip && !ZIP_PATTERN.test(fields.zipcode)) {
      showMessage({ title: DIALOG_TITLES.warning, body: REGISTRATION_MESSAGES.zipInvalid });
      return;
    }
    try {
      const answer = await update.mutateAsync({ email: user.email, ...fields, zipcode: keepsNoZip ? undefined : fields.zipcode });
      await utils.admin.users.invalidate();
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch (error) {
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim()) return showMessage(ADMIN_MESSAGES.enterSubject);
    if (!message.trim()) return showMessage(ADMIN_MESSAGES.enterMessage);
    if (sending.current) return;
    sending.current = true;
    try {
      const answer = await sendEmail.mutateAsync({ recipient: user.email, subject, message });
      setSubject('');
      setMessage('');
      showMessage({ title: DIALOG_TITLES.message, body: answer.msg });
    } catch {
      // Everything is kept, so the admin can send it again.
      showMessage(ADMIN_MESSAGES.emailFailed);
    } finally {
      sending.current = false;
    }
  };

  return (
    <div className="admin-details">
      <form className="admin-details__form" onSubmit={(event) => void submitUpdate(event)} aria-label="User details">
        <div className="admin-grid">
          <ReadOnlyField id="admin-user-email" label="E-mail" value={user.email} />
          <ReadOnlyField id="admin-user-username" label="Username" value={user.username} />
          <TextField id="admin-user-first" label="First name" value={fields.firstname} maxLength={LIMITS.nameMax} onChange={set('firstname')} />
          <TextField id="admin-user-last" label="Last name" value={fields.lastname} maxLength={LIMITS.nameMax} onChange={set('lastname')} />
          <TextField
            id="admin-user-phone"
            label="Phone"
            value={fields.phonenumber}
            maxLength={LIMITS.phoneMax}
            inputMode="numeric"
            placeholder="(555) 555-5555"
            onChange={(value) => set('phonenumber')(formatPhoneInput(value))}
          />
          <TextField id="admin-user-zip" label="Zip" value={fields.zipcode} maxLength={LIMITS.zipLength} inputMode="numeric" onChange={(value) => set('zipcode')(value.replace(/\D/g, ''))} />
          <TextField id="admin-user-address" label="Address" value={fields.address} maxLength={LIMITS.addressMax} onChange={set('address')} wide />
        </div>
        <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update'}
        </button>
      </form>

      <form className="admin-details__form" onSubmit={(event) => void submitEmail(event)} aria-label="E-mail to user">
        <h3 className="admin-details__heading">E-mail {user.first_name || user.email}</h3>
        <TextField id="admin-mail-subject" label="Subject" value={subject} maxLength={LIMITS.textFieldMax} onChange={setSubject} wide />
        <label htmlFor="admin-mail-message">Message</label>
        <textarea
          id="admin-mail-message"
          rows={5}
          value={message}
          maxLength={LIMITS.contactMessageMax}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p className="admin-muted">It starts with “Hi {user.first_name},”.</p>
        <button type="submit" className="button button--primary button--small" disabled={sendEmail.isPending}>
          {sendEmail.isPending ? 'Sending…' : 'Send Email'}
        </button>
      </form>
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  inputMode?: 'numeric';
  placeholder?: string;
  wide?: boolean;
}

function TextField({ id, label, value, maxLength, onChange, inputMode, placeholder, wide }: TextFieldProps) {
  return (
    <div className={wide ? 'admin-field admin-field--wide' : 'admin-field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} maxLength={maxLength} inputMode={inputMode} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} readOnly />
    </div>
  );
}
