import { addPlaceSchema, LIMITS } from '@siplog/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LatLng } from '../../features/map/map-types';
import { CloseIcon } from '../../components/icons/icons';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../lib/trpc-errors';
import type { PlaceSummary } from './place-pins';

const ADDRESS_FIELDS = ['street', 'city', 'state', 'zip', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
/** What the person typed; a field they have not touched shows the suggested address instead. */
type Draft = Partial<Record<'name' | AddressField, string>>;

const LABELS: Record<AddressField, string> = { street: 'Street', city: 'City', state: 'State', zip: 'Zip', country: 'Country' };

interface AddPlaceFormProps {
  at: LatLng;
  onAdded: (place: PlaceSummary) => void;
  onCancel: () => void;
}

/** A new place at the dropped pin: its name and address, the address suggested from the spot. */
export function AddPlaceForm({ at, onAdded, onCancel }: AddPlaceFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const suggestion = trpc.place.suggestAddress.useQuery({ lat: at.lat, lng: at.lng }, { staleTime: Infinity });
  const add = trpc.place.add.useMutation();

  const suggested: Partial<Record<AddressField, string>> = suggestion.data ?? {};
  const valueOf = (name: keyof Draft): string => draft[name] ?? (name === 'name' ? '' : (suggested[name] ?? ''));

  useEffect(() => {
    if (suggestion.error) logToServer('info', describeFailure('Address suggestion failed', suggestion.error));
  }, [suggestion.error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    // The same rules the server applies (contracts' addPlaceSchema); blank address fields are left out.
    const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, valueOf(field).trim() || undefined]));
    const parsed = addPlaceSchema.safeParse({ name: valueOf('name'), ...address, lat: at.lat, lng: at.lng });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setError(issue.message);
      const field = String(issue.path[0] ?? 'name');
      setInvalidField(field);
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setError(null);
    setInvalidField(null);
    try {
      const answer = await add.mutateAsync(parsed.data);
      onAdded(answer.establishment);
    } catch (failure) {
      logToServer('error', describeFailure('Add place failed', failure));
      setError(specificServerMessage(failure) ?? 'The place could not be added. Please try again.');
    }
  };

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    name,
    value: valueOf(name),
    maxLength: LIMITS.textFieldMax,
    'aria-invalid': invalidField === name || undefined,
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className="add-place" aria-label="Add a place" noValidate onSubmit={(event) => void submit(event)}>
      <div className="add-place__header">
        <h2 className="add-place__title">Add a place</h2>
        <button type="button" className="place-popup__close icon-button icon-button--small icon-button--ghost" aria-label="Cancel adding a place" onClick={onCancel}>
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <label htmlFor={`${id}-name`}>Name</label>
      <input {...field('name')} required autoFocus />
      <label htmlFor={`${id}-street`}>{LABELS.street}</label>
      <input {...field('street')} autoComplete="off" />
      <div className="add-place__row">
        {(['city', 'state'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
            <input {...field(name)} autoComplete="off" />
          </div>
        ))}
      </div>
      <div className="add-place__row">
        {(['zip', 'country'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
            <input {...field(name)} autoComplete="off" />
          </div>
        ))}
      </div>
      {error && (
        <p className="add-place__error" role="alert">
          {error}
        </p>
      )}
      <div className="add-place__actions">
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--small button--primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add place'}
        </button>
      </div>
    </form>
  );
}
