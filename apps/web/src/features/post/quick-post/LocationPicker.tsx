import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatAddressLine, formatPlaceLabel, LIMITS, PLACE_LIMITS, PLACE_MESSAGES, SERVER_MESSAGES, type PlaceSearchResult } from '@siplog/contracts';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import { comboboxInputProps, comboboxOptionProps, useComboboxHighlight } from '../../../lib/combobox';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { searchTerm } from '../../place/search-term';
import { CupIcon, SearchIcon } from '../../../components/icons/icons';
import type { UserPlace } from '../types';
import { isPostablePlace, matchesPlace, placeOfProviderResult } from './quick-post-form';
import type { QuickPostPlace } from './quick-post-place';

interface LocationPickerProps {
  inputId: string;
  labelId: string;
  place: QuickPostPlace | null;
  onChange: (place: QuickPostPlace | null) => void;
  /** A place could not be taken (it vanished, the network failed): the form shows why under the field. */
  onProblem: (message: string) => void;
  invalid: boolean;
  describedBy?: string;
  /** The field's error, shown right under the field and above the open list, so the list never hides it. */
  message?: ReactNode;
}

type Option =
  | { key: string; group: 'mine'; name: string; label: string; place: UserPlace }
  | { key: string; group: 'found'; name: string; label: string; result: PlaceSearchResult };

/**
 * The review's place: a combobox over the person's recently reviewed places first (post.userPlaces), then the map
 * search's places (debounced, spec §9). Areas are not offered: a review is of a place. Once chosen, the place shows
 * as a card with 'Change'.
 */
export function LocationPicker({ inputId, labelId, place, onChange, onProblem, invalid, describedBy, message }: LocationPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [resolving, setResolving] = useState(false);
  const utils = trpc.useUtils();
  const listId = `${inputId}-list`;

  const mine = trpc.post.userPlaces.useQuery({}, { staleTime: 60_000 });
  const term = searchTerm(useDebouncedValue(text, LIMITS.searchDebounceMs));
  const search = trpc.place.search.useQuery({ query: term ?? '' }, { enabled: term !== null, staleTime: 60_000 });

  useEffect(() => {
    if (mine.error) logToServer('error', describeFailure('Quick Post places failed', mine.error));
  }, [mine.error]);
  useEffect(() => {
    if (search.error) logToServer('error', describeFailure('Quick Post place search failed', search.error));
  }, [search.error]);

  const ownPlaces = (mine.data?.places ?? []).filter((own) => matchesPlace(own, text));
  const ownIds = new Set(ownPlaces.map((own) => own.establishment_id));
  const found = term === null ? [] : (search.data?.results ?? []).filter(isPostablePlace);
  const options: Option[] = [
    ...ownPlaces.map((own): Option => ({ key: `mine:${own.establishment_id}`, group: 'mine', name: own.name, label: formatPlaceLabel(own), place: own })),
    ...found
      .filter((result) => !(result.establishment_id !== undefined && ownIds.has(result.establishment_id)))
      .map((result): Option => ({ key: result.id, group: 'found', name: result.name, label: result.label, result })),
  ];

  const { active, highlight, move } = useComboboxHighlight(options.map((option) => option.key).join('|'), options.length);

  const focusOnMount = useRef(false);
  const inputRef = useCallback((input: HTMLInputElement | null) => {
    if (input && focusOnMount.current) {
      focusOnMount.current = false;
      input.focus();
    }
  }, []);
  const changeRef = useCallback((button: HTMLButtonElement | null) => {
    if (button && focusOnMount.current) {
      focusOnMount.current = false;
      button.focus();
    }
  }, []);

  const take = (chosen: QuickPostPlace) => {
    focusOnMount.current = true;
    setOpen(false);
    setText('');
    onChange(chosen);
  };

  const choose = async (option: Option) => {
    if (resolving) return;
    if (option.group === 'mine') return take(option.place);
    const provided = placeOfProviderResult(option.result);
    if (provided) return take(provided);
    if (option.result.establishment_id === undefined) return;
    // A search result names the establishment; its place_id and address come with the place itself.
    setResolving(true);
    try {
      const { establishment } = await utils.place.byId.fetch({ establishment_id: option.result.establishment_id });
      take(establishment);
    } catch (error) {
      logToServer('error', describeFailure('Quick Post place load failed', error));
      onProblem(specificServerMessage(error) ?? SERVER_MESSAGES.internal);
    } finally {
      setResolving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && open && options.length > 0) {
      // Closes the list only; the drawer stays open (a canceled keydown sends the dialog no cancel).
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (option) void choose(option);
      else setOpen(true);
    }
  };

  if (place) {
    const address = formatAddressLine(place);
    return (
      <>
        <div className="quick-post-place" role="group" aria-labelledby={labelId}>
          <span className="quick-post-place__icon">
            <CupIcon width={22} height={22} />
          </span>
          <span className="quick-post-place__text">
            <strong className="quick-post-place__name">{place.name}</strong>
            {address && <span className="quick-post-place__address">{address}</span>}
          </span>
          <button
            ref={changeRef}
            type="button"
            className="button button--small quick-post-place__change"
            aria-label={`Change location ${place.name}`}
            onClick={() => {
              focusOnMount.current = true;
              onChange(null);
            }}
          >
            Change
          </button>
        </div>
        {message}
      </>
    );
  }

  const typedTerm = searchTerm(text);
  const searching = typedTerm !== null && (typedTerm !== term || search.isFetching);
  const expanded = open && options.length > 0;
  const notFound = open && !searching && typedTerm !== null && search.isSuccess && options.length === 0;
  const mineShown = options.some((option) => option.group === 'mine');
  const foundShown = options.some((option) => option.group === 'found');

  const row = (option: Option, index: number) => (
    <li key={option.key} {...comboboxOptionProps(listId, index, active, highlight)} className="quick-post-location__option" onClick={() => void choose(option)}>
      <span className={`quick-post-location__option-icon quick-post-location__option-icon--${option.group}`}>
        <CupIcon width={18} height={18} />
      </span>
      <span className="quick-post-location__option-text">
        <span className="quick-post-location__option-name">{option.name}</span>
        {option.label && <span className="quick-post-location__option-label">{option.label}</span>}
      </span>
    </li>
  );

  return (
    <div className="quick-post-location">
      <div className="quick-post-location__box">
        <SearchIcon className="quick-post-location__icon" width={18} height={18} />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          {...comboboxInputProps(listId, expanded, active, { setText, setOpen })}
          className="quick-post-location__input"
          placeholder="Search for the place you visited"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-busy={resolving}
          maxLength={PLACE_LIMITS.searchQueryMax}
          value={text}
          onKeyDown={onKeyDown}
        />
        {(searching || resolving) && <span className="spinner quick-post-location__busy" aria-hidden="true" />}
      </div>
      {message}
      <div id={listId} role="listbox" aria-label="Places" className="quick-post-location__list" hidden={!expanded}>
        {mineShown && (
          <ul role="group" aria-label="Your recent places" className="quick-post-location__group">
            <li role="presentation" className="quick-post-location__group-title">
              Your recent places
            </li>
            {options.map((option, index) => (option.group === 'mine' ? row(option, index) : null))}
          </ul>
        )}
        {foundShown && (
          <ul role="group" aria-label="Places found" className="quick-post-location__group">
            <li role="presentation" className="quick-post-location__group-title">
              Places found
            </li>
            {options.map((option, index) => (option.group === 'found' ? row(option, index) : null))}
          </ul>
        )}
      </div>
      {notFound && (
        <p className="quick-post-location__not-found" role="status">
          <strong>{PLACE_MESSAGES.locationNotFound.title}</strong> {PLACE_MESSAGES.locationNotFound.body}
        </p>
      )}
    </div>
  );
}
