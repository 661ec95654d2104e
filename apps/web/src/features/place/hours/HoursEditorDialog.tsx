import { EMPTY_WEEKLY_HOURS } from '@siplog/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/dialog/Modal';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import type { Establishment } from '../types';
import { draftOf, draftToSend, withModel, withText, type HoursDraft } from './hours-draft';
import { WeeklyHoursGrid } from './WeeklyHoursGrid';
import { usePlaceHoursSaved } from './usePlaceHoursSaved';
import './hours-editor.css';

interface HoursEditorDialogProps {
  place: Establishment;
  onClose: () => void;
}

const UNREPRESENTABLE_NOTE = "These hours use rules the weekly editor can't show; edit the text.";

/**
 * Editing a place's opening hours (issue 31): a weekly grid for the usual week, 24/7 and public holidays, and behind
 * 'Advanced' the OpenStreetMap `opening_hours` text itself, the two kept in step while the grid can show the text.
 * Checked before sending; the server's refusal (its parser's words, a rate limit) is said above the buttons and keeps
 * what was written.
 */
export function HoursEditorDialog({ place, onClose }: HoursEditorDialogProps) {
  const [draft, setDraft] = useState<HoursDraft>(() => draftOf(place.hours?.opening_hours ?? ''));
  // Text the grid can't show opens in Advanced: it is the only way to edit it.
  const [advanced, setAdvanced] = useState(() => draft.model === null);
  const [error, setError] = useState<string | null>(null);
  const setHours = trpc.place.setHours.useMutation();
  const saved = usePlaceHoursSaved();
  const sending = useRef(false);
  const id = useId();
  const model = draft.model;
  const errorLine = useRef<HTMLParagraphElement>(null);

  // The message sits above the buttons, below a long week: brought into view, or a phone would not show it.
  useEffect(() => {
    if (error) errorLine.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const checked = draftToSend(draft);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    sending.current = true;
    setError(null);
    try {
      const answer = await setHours.mutateAsync({ establishment_id: place.establishment_id, opening_hours: checked.text });
      saved(answer.establishment);
      onClose();
    } catch (failure) {
      logToServer('info', describeFailure(`Hours of place ${place.establishment_id}`, failure));
      setError(specificServerMessage(failure) ?? 'The hours were not saved. Please try again.');
    } finally {
      sending.current = false;
    }
  };

  return (
    <Modal title={place.hours ? 'Edit opening hours' : 'Add opening hours'} onClose={onClose} className="hours-editor-dialog">
      <form className="hours-editor" noValidate onSubmit={(event) => void submit(event)} aria-describedby={error ? `${id}-error` : undefined}>
        <p className="hours-editor__intro">The place&rsquo;s own local time. Leave a day closed when it doesn&rsquo;t open.</p>
        <label className="hours-editor__switch">
          <input
            type="checkbox"
            checked={model?.alwaysOpen ?? false}
            disabled={model === null}
            onChange={(event) => model && setDraft(withModel({ ...model, alwaysOpen: event.target.checked }))}
          />
          Open 24/7
        </label>
        {model === null && <p className="hours-editor__note">{UNREPRESENTABLE_NOTE}</p>}
        <WeeklyHoursGrid model={model ?? EMPTY_WEEKLY_HOURS} disabled={model === null || model.alwaysOpen} onChange={(next) => setDraft(withModel(next))} />
        <label className="hours-editor__switch">
          <input
            type="checkbox"
            checked={model?.publicHolidaysClosed ?? false}
            disabled={model === null}
            onChange={(event) => model && setDraft(withModel({ ...model, publicHolidaysClosed: event.target.checked }))}
          />
          Closed on public holidays
        </label>
        <button type="button" className="hours-editor__advanced-toggle" aria-expanded={advanced} aria-controls={`${id}-advanced`} onClick={() => setAdvanced(!advanced)}>
          Advanced
        </button>
        <div id={`${id}-advanced`} className="hours-editor__advanced" hidden={!advanced}>
          <label htmlFor={`${id}-text`}>
            Opening hours text <span className="hours-editor__hint">(OpenStreetMap&rsquo;s opening_hours)</span>
          </label>
          <textarea
            id={`${id}-text`}
            className="hours-editor__text"
            rows={3}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            value={draft.text}
            placeholder="Mo-Fr 07:00-18:00; Sa 08:00-14:00"
            onChange={(event) => setDraft(withText(event.target.value))}
          />
          <p className="hours-editor__hint">Empty text removes the hours.</p>
        </div>
        {error && (
          <p className="hours-editor__error" id={`${id}-error`} role="alert" ref={errorLine}>
            {error}
          </p>
        )}
        <div className="hours-editor__actions">
          <button type="button" className="button button--small" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--small button--primary" disabled={setHours.isPending}>
            {setHours.isPending ? 'Saving…' : 'Save hours'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
