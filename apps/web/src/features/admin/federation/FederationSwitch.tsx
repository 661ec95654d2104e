import type { FederationAdminAnswer } from '@siplog/contracts';
import { switchStateText } from './federation-view';

interface FederationSwitchProps {
  answer: Pick<FederationAdminAnswer, 'enabled' | 'unavailable' | 'handle_domain'>;
  /** Turns federation on or off; failures are the panel's to show. */
  onSwitch: (enabled: boolean) => void;
  switching: boolean;
}

/** The on/off switch, what it means now, and the handle people here have elsewhere; disabled with the reason when it cannot be on. */
export function FederationSwitch({ answer, onSwitch, switching }: FederationSwitchProps) {
  const { enabled, unavailable, handle_domain: handleDomain } = answer;
  // Already on from FEDERATION while the address is wrong cannot happen (the server refuses), so unavailable means off.
  const disabled = unavailable !== null && !enabled;

  return (
    <div className={`federation-switch${enabled ? ' federation-switch--on' : ''}`}>
      <div className="federation-switch__row">
        <label htmlFor="federation-switch" className="federation-switch__label">
          Federation
        </label>
        <button
          id="federation-switch"
          type="button"
          role="switch"
          className="federation-toggle"
          aria-checked={enabled}
          aria-describedby="federation-switch-state"
          aria-busy={switching || undefined}
          disabled={disabled}
          onClick={() => {
            if (!switching) onSwitch(!enabled);
          }}
        >
          <span className="federation-toggle__thumb" aria-hidden="true" />
        </button>
        {/* The switch says its state itself (aria-checked); the word is for the eye. */}
        <span className="federation-switch__word" aria-hidden="true">
          {switching ? 'Switching…' : enabled ? 'On' : 'Off'}
        </span>
      </div>
      <p id="federation-switch-state" className={disabled ? 'federation-switch__unavailable' : 'federation-switch__state'}>
        {disabled ? unavailable : switchStateText(enabled)}
      </p>
      {handleDomain && (
        <p className="federation-switch__handle">
          People here are <code>@username@{handleDomain}</code>
        </p>
      )}
    </div>
  );
}
