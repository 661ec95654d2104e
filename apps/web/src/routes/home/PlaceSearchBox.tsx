import { LIMITS, looksLikeFediverseHandle, PLACE_LIMITS, PLACE_MESSAGES, type PlaceSearchResult } from '@siplog/contracts';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import type { LatLng } from '../../features/map/map-types';
import { PlaceIcon, SearchIcon, CupIcon, CloseIcon, PersonIcon } from '../../components/icons/icons';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { searchTerm } from '../../features/place/search-term';
import { comboboxInputProps, comboboxOptionProps, useComboboxHighlight } from '../../lib/combobox';
import { mapFiltersOf } from './map-filters';
import { resultKindLabel } from './search-actions';

interface PlaceSearchBoxProps {
  /** Results near here rank first. */
  near: LatLng | null;
  onChoose: (result: PlaceSearchResult) => void;
  /** A fediverse handle typed (`@name@server.example`, issue 30): find that person on their server. */
  onFindPerson: (handle: string) => void;
}

const NO_RESULTS: PlaceSearchResult[] = [];

function ResultIcon({ kind }: { kind: PlaceSearchResult['kind'] }) {
  return kind === 'area' ? <PlaceIcon width={18} height={18} /> : <CupIcon width={18} height={18} />;
}

/**
 * The map's search field: places on Siplog, the provider's places and areas, as a combobox with a listbox. A
 * fediverse handle (`@name@server.example`) offers one result instead: that person, on their own server.
 */
export function PlaceSearchBox({ near, onChoose, onFindPerson }: PlaceSearchBoxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();

  const handle = looksLikeFediverseHandle(text) ? text.trim() : null;
  const debounced = searchTerm(useDebouncedValue(text, LIMITS.searchDebounceMs));
  const term = handle === null ? debounced : null;
  // With the map's Open now filter on (kept in the URL), open places rank first.
  const openFirst = mapFiltersOf(useSearchParams()[0]).open;
  const input = (query: string) => ({ query, ...(near ? { lat: near.lat, lng: near.lng } : {}), ...(openFirst ? { open: true } : {}) });
  const search = trpc.place.search.useQuery(input(term ?? ''), { enabled: term !== null, staleTime: 60_000 });
  const results = (term !== null && search.data?.results) || NO_RESULTS;

  useEffect(() => {
    if (search.error) logToServer('error', describeFailure('Place search failed', search.error));
  }, [search.error]);
  const { active, highlight, move } = useComboboxHighlight(results, results.length);

  const choose = (result: PlaceSearchResult) => {
    setOpen(false);
    setText(result.name);
    onChoose(result);
  };

  /** Enter before the debounce fired still searches, at once, for what is typed. */
  const searchNow = async () => {
    const typed = searchTerm(text);
    if (!typed) return [];
    try {
      return (await utils.place.search.fetch(input(typed))).results;
    } catch (error) {
      logToServer('error', describeFailure('Place search failed', error));
      return [];
    }
  };

  const findPerson = (typed: string) => {
    setOpen(false);
    onFindPerson(typed);
  };

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (handle !== null && event.key === 'Enter') {
      event.preventDefault();
      return findPerson(handle);
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!results.length) return;
      setOpen(true);
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else setText('');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!text.trim()) return;
      if (open && results[active]) return choose(results[active]);
      const found = term === searchTerm(text) && results.length ? results : await searchNow();
      if (found.length) choose(found[0]);
      else showMessage(PLACE_MESSAGES.locationNotFound);
    }
  };

  const expanded = open && (results.length > 0 || handle !== null);
  // Spec §8 'Location not found', where the results would be; Enter still shows it as a dialog.
  const notFound = open && term !== null && term === searchTerm(text) && search.isSuccess && !search.isFetching && results.length === 0;
  return (
    <div className="place-search" role="search">
      <SearchIcon className="place-search__icon" />
      <input
        type="text"
        {...comboboxInputProps(listId, expanded, active, { setText, setOpen })}
        className="place-search__input"
        placeholder="Search coffee, tea, boba or a city"
        aria-label="Search places"
        maxLength={PLACE_LIMITS.searchQueryMax}
        value={text}
        onKeyDown={(event) => void onKeyDown(event)}
      />
      {search.isFetching && <span className="spinner place-search__busy" aria-hidden="true" />}
      {text && (
        <button
          type="button"
          className="place-search__clear icon-button icon-button--small icon-button--ghost"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            setOpen(false);
          }}
        >
          <CloseIcon width={16} height={16} />
        </button>
      )}
      <ul id={listId} role="listbox" aria-label="Search results" className="place-search__results" hidden={!expanded}>
        {handle !== null && (
          <li id={`${listId}-person`} role="option" aria-selected="true" className="place-search__result is-active" onClick={() => findPerson(handle)}>
            <span className="place-search__result-icon place-search__result-icon--person">
              <PersonIcon width={18} height={18} />
            </span>
            <span className="place-search__result-text">
              <span className="place-search__result-name">{handle}</span>
              <span className="place-search__result-label">Find them on their server and follow their reviews</span>
            </span>
            <span className="place-search__result-kind">Person</span>
          </li>
        )}
        {results.map((result, index) => (
          <li
            key={`${result.kind}:${result.id}`}
            {...comboboxOptionProps(listId, index, active, highlight)}
            className="place-search__result"
            onClick={() => choose(result)}
          >
            <span className={`place-search__result-icon place-search__result-icon--${result.kind}`}>
              <ResultIcon kind={result.kind} />
            </span>
            <span className="place-search__result-text">
              <span className="place-search__result-name">{result.name}</span>
              <span className="place-search__result-label">{result.label}</span>
            </span>
            <span className="place-search__result-kind">{resultKindLabel(result.kind)}</span>
          </li>
        ))}
      </ul>
      {notFound && (
        <div className="place-search__not-found" role="status">
          <p className="place-search__not-found-title">{PLACE_MESSAGES.locationNotFound.title}</p>
          <p className="place-search__not-found-body">{PLACE_MESSAGES.locationNotFound.body}</p>
        </div>
      )}
    </div>
  );
}
