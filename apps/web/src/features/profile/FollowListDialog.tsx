import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { displayPlaceName, LIMITS, parsePlaceEntry, PROFILE_MESSAGES, type PersonElsewhereView } from '@siplog/contracts';
import { CloseIcon, PlaceIcon, SearchIcon } from '../../components/icons/icons';
import { Modal } from '../../components/dialog/Modal';
import { logToServer } from '../../lib/client-log';
import { avatarUrlOf } from '../../lib/images';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { FollowButton } from './FollowButton';
import './follow-list.css';

export type FollowListName = 'followers' | 'following';

interface FollowListDialogProps {
  /** The list's name, shown as the header ('followers' or 'following'). */
  listName: FollowListName;
  /** Usernames, and `place:{id};{name}` entries for followed places. */
  entries: string[];
  /** The friend search box: only on the 'following' list (spec §2 /mylog). */
  searchable?: boolean;
  /** The entries are still loading (a place's followers): a quiet placeholder instead of 'NO followers'. */
  loading?: boolean;
  /** A person's username: their follows with people on other servers (issue 30) are listed below, marked with the server. */
  elsewhereOf?: string;
  onClose: () => void;
}

/** One row: a person (small avatar, @username link, follow button) or a place (place icon, name link). */
export function FollowListRow({ entry }: { entry: string }) {
  const place = parsePlaceEntry(entry);
  if (place) {
    const { name } = place;
    const shown = displayPlaceName(name);
    return (
      <li className="follow-list__row">
        <span className="follow-list__place-icon">
          <PlaceIcon />
        </span>
        <Link
          to={`/view/${encodeURIComponent(place.establishmentId)}`}
          className="follow-list__name"
          title={shown === name ? undefined : name}
          aria-label={name}
        >
          {shown}
        </Link>
        <span className="follow-list__kind">place</span>
      </li>
    );
  }
  return (
    <li className="follow-list__row">
      <img className="follow-list__avatar" src={avatarUrlOf(entry)} alt="" width={40} height={40} loading="lazy" />
      <Link to={`/user/${encodeURIComponent(entry)}`} className="follow-list__name">
        @{entry}
      </Link>
      <FollowButton username={entry} size="small" />
    </li>
  );
}

function FriendSearch() {
  const [text, setText] = useState('');
  // Debounced (spec §9, 500 ms): the term only follows the box after typing pauses.
  const term = useDebouncedValue(text, LIMITS.searchDebounceMs).trim();

  const enabled = term.length >= LIMITS.searchMin;
  const search = trpc.user.search.useQuery({ searchString: term }, { enabled, retry: false, staleTime: 30_000 });
  useEffect(() => {
    if (search.error) logToServer('error', `User search failed: ${search.error.message}`);
  }, [search.error]);

  const results = enabled ? (search.data?.searchresult ?? []) : [];
  const typing = text.trim() !== term;

  return (
    <div className="follow-list__search">
      <label className="follow-list__search-box">
        <SearchIcon className="follow-list__search-icon" />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={PROFILE_MESSAGES.searchFriendsPlaceholder}
          aria-label={PROFILE_MESSAGES.searchFriendsPlaceholder}
          maxLength={LIMITS.textFieldMax}
          autoComplete="off"
          enterKeyHint="search"
        />
        {text && (
          <button type="button" className="icon-button icon-button--small icon-button--ghost follow-list__clear" onClick={() => setText('')} aria-label="Clear search">
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </label>
      {enabled && (
        <div className="follow-list__results" aria-live="polite" aria-busy={search.isFetching || typing}>
          <p className="follow-list__section-title">Search results</p>
          {search.isLoading ? (
            <p className="follow-list__hint">Searching…</p>
          ) : search.isError ? (
            <p className="follow-list__hint">Search is not available right now. Please try again.</p>
          ) : results.length === 0 ? (
            <p className="follow-list__hint">No people or places match “{term}”.</p>
          ) : (
            <ul className="follow-list__rows" aria-label="Search results">
              {results.map((result) => (
                <FollowListRow key={result.username} entry={result.username} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Someone on another server: their picture as stored here, their handle opening their page there, their server. */
function ElsewhereRow({ person }: { person: PersonElsewhereView }) {
  return (
    <li className="follow-list__row">
      {person.avatar ? (
        <img className="follow-list__avatar" src={person.avatar} alt="" width={40} height={40} loading="lazy" />
      ) : (
        <span className="follow-list__avatar" aria-hidden="true" />
      )}
      {person.url ? (
        <a href={person.url} target="_blank" rel="noopener noreferrer nofollow" className="follow-list__name">
          @{person.handle}
        </a>
      ) : (
        <span className="follow-list__name">@{person.handle}</span>
      )}
      <span className="follow-list__kind">{person.server}</span>
    </li>
  );
}

/** A person's follows on other servers in this list, loaded when the list opens; nothing shows while there are none. */
function ElsewhereSection({ username, listName }: { username: string; listName: FollowListName }) {
  const lists = trpc.user.peopleElsewhere.useQuery({ username }, { retry: false, staleTime: 30_000 });
  useEffect(() => {
    if (lists.error) logToServer('warn', `Follows on other servers failed to load: ${lists.error.message}`);
  }, [lists.error]);
  const people = lists.data?.[listName] ?? [];
  if (people.length === 0) return null;
  return (
    <>
      <p className="follow-list__section-title">On other servers</p>
      <ul className="follow-list__rows" aria-label={`${listName} on other servers`}>
        {people.map((person) => (
          <ElsewhereRow key={person.handle} person={person} />
        ))}
      </ul>
    </>
  );
}

/** The followers / following list of spec §2 /mylog, in a modal whose header is the list's name. */
export function FollowListDialog({ listName, entries, searchable = false, loading = false, elsewhereOf, onClose }: FollowListDialogProps) {
  return (
    <Modal title={listName} onClose={onClose} className="follow-list">
      {searchable && <FriendSearch />}
      <div className="follow-list__body">
        {searchable && entries.length > 0 && <p className="follow-list__section-title">{listName}</p>}
        {loading ? (
          <p className="follow-list__hint follow-list__loading" role="status">
            Loading {listName}…
          </p>
        ) : entries.length === 0 ? (
          <p className="follow-list__empty">{PROFILE_MESSAGES.emptyList(listName)}</p>
        ) : (
          <ul className="follow-list__rows" aria-label={listName}>
            {entries.map((entry) => (
              <FollowListRow key={entry} entry={entry} />
            ))}
          </ul>
        )}
        {elsewhereOf && <ElsewhereSection username={elsewhereOf} listName={listName} />}
      </div>
    </Modal>
  );
}
