import { FEDERATION_DOMAIN_POLICIES, FEDERATION_LIMITS, FEDERATION_POLICY_LABELS, type FederationAdminAnswer, type FederationDomainPolicy } from '@siplog/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import { AdminField } from '../AdminField';
import { checkDomainText, POLICY_VERBS } from './federation-view';

const SERVER_DOWN = 'The server could not save that. Try again in a moment.';

interface FederationDomainFormProps {
  /** A submit began: what the panel last said no longer applies. */
  onStart: () => void;
  /** The server blocked or silenced `host`: its fresh answer. */
  onSaved: (answer: FederationAdminAnswer, host: string, policy: FederationDomainPolicy) => void;
}

/** A server to block or silence, by domain, profile link or handle. What was typed stays on an error. */
export function FederationDomainForm({ onStart, onSaved }: FederationDomainFormProps) {
  const [domain, setDomain] = useState('');
  const [policy, setPolicy] = useState<FederationDomainPolicy>('block');
  const [error, setError] = useState<string | null>(null);
  const save = trpc.admin.setFederationDomain.useMutation();
  const domainInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    onStart();
    const checked = checkDomainText(domain);
    if (!checked.ok) {
      setError(checked.error);
      domainInput.current?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await save.mutateAsync({ host: domain, policy });
      setDomain('');
      onSaved(answer, checked.host, policy);
    } catch (failure) {
      logToServer('error', describeFailure('Admin federation domain policy', failure));
      // The server's words ('That is this server.') concern the box.
      setError(specificServerMessage(failure) ?? SERVER_DOWN);
      domainInput.current?.focus();
    }
  };

  return (
    <form className="federation__form" onSubmit={(event) => void submit(event)} noValidate>
      <AdminField
        ref={domainInput}
        id="federation-domain"
        className="federation__domain"
        label="Server’s domain"
        error={error}
        hint="The domain alone, a link to one of its pages, or a handle like @ann@mastodon.social."
        type="text"
        value={domain}
        maxLength={FEDERATION_LIMITS.hostMax + 20}
        placeholder="mastodon.social"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setDomain(event.target.value)}
      />
      <fieldset className="federation__policy">
        <legend className="federation__policy-legend">Policy</legend>
        <div className="federation__policy-choices">
          {FEDERATION_DOMAIN_POLICIES.map((option) => (
            <label key={option} className="federation__policy-choice">
              <input type="radio" name="federation-policy" value={option} checked={policy === option} onChange={() => setPolicy(option)} />
              <span>{POLICY_VERBS[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--primary admin-inline-submit" aria-disabled={save.isPending || undefined}>
        {save.isPending ? 'Saving…' : `${POLICY_VERBS[policy]} server`}
      </button>
      <p className="admin-hint federation__policy-meaning">{FEDERATION_POLICY_LABELS[policy]}</p>
    </form>
  );
}
