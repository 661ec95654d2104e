import { keepPreviousData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@siplog/api';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { FollowToggle } from '../../../components/follow/FollowToggle';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import type { LatLng } from '../../map/map-types';
import { PlaceRating } from '../../place/PlaceRating';
import { reviewCountLabel, streetAndCity } from '../../place/place-format';
import { usePlaceFollow } from '../../place/usePlaceFollow';
import { FollowButton } from '../../profile/FollowButton';
import { CupIcon, PlaceIcon } from '../../../components/icons/icons';
import { avatarUrlOf, profileImageUrl } from '../../../lib/images';
import { suggestionPoint } from './suggestion-area';
import './follow-suggestions.css';

/** user.followSuggestions' answer: places near a point and active reviewers, none of them followed yet. */
type FollowSuggestion = inferRouterOutputs<AppRouter>['user']['followSuggestions'];

export const FOLLOW_SUGGESTIONS_LEAD = 'Follow people and places to fill this feed';

function PlaceSuggestion({ place }: { place: FollowSuggestion['places'][number] }) {
  const follow = usePlaceFollow(place.establishment_id);
  const where = streetAndCity(place);
  return (
    <li className="follow-suggestion">
      <span className="follow-suggestion__icon">
        <PlaceIcon width={20} height={20} />
      </span>
      <span className="follow-suggestion__text">
        <Link to={`/view/${place.establishment_id}`} className="follow-suggestion__name">
          {place.name}
        </Link>
        <PlaceRating rating={place.rating.toFixed(1)} size="small" className="follow-suggestion__rating" />
        {/* The count first: a long address is cut short at its end, never the count. */}
        <span className="follow-suggestion__detail">
          {reviewCountLabel(place.posts)}
          {where && <> · {where}</>}
        </span>
      </span>
      <FollowToggle followed={follow.followed} busy={follow.busy} label={place.name} onToggle={follow.toggle} size="small" />
    </li>
  );
}

function PersonSuggestion({ person }: { person: FollowSuggestion['people'][number] }) {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return (
    <li className="follow-suggestion">
      <img
        className="follow-suggestion__avatar"
        src={person.profile_image ? profileImageUrl(person.profile_image, 'thumb') : avatarUrlOf(person.username)}
        alt=""
        width={40}
        height={40}
        loading="lazy"
      />
      <span className="follow-suggestion__text">
        <Link to={`/user/${encodeURIComponent(person.username)}`} className="follow-suggestion__name">
          {name || `@${person.username}`}
        </Link>
        <span className="follow-suggestion__detail">
          {name && <>@{person.username} · </>}
          {reviewCountLabel(person.reviews)}
        </span>
      </span>
      <FollowButton username={person.username} size="small" />
    </li>
  );
}

/**
 * The empty Following feed's help: the most-reviewed places near the map's centre and the most active reviewers,
 * each with its follow button. A row stays after its follow (its button turns to unfollow); the next visit asks
 * afresh, and the API leaves out what is followed by then.
 */
export function FollowSuggestions({ near }: { near: LatLng }) {
  const placesId = useId();
  const peopleId = useId();
  // Keeps the rows on screen while a new area's answer comes, instead of a blank flash.
  const suggestions = trpc.user.followSuggestions.useQuery(suggestionPoint(near), { placeholderData: keepPreviousData, retry: false });
  useEffect(() => {
    if (suggestions.error) logToServer('error', describeFailure('Follow suggestions failed', suggestions.error));
  }, [suggestions.error]);

  const places = suggestions.data?.places ?? [];
  const people = suggestions.data?.people ?? [];
  return (
    <div className="follow-suggestions">
      <div className="follow-suggestions__lead">
        <CupIcon width={28} height={28} />
        <p>{FOLLOW_SUGGESTIONS_LEAD}</p>
      </div>
      {suggestions.isPending && <p className="follow-suggestions__note">Finding places and people…</p>}
      {suggestions.isError && <p className="follow-suggestions__note">Suggestions could not be loaded just now.</p>}
      {suggestions.data && places.length === 0 && people.length === 0 && (
        <p className="follow-suggestions__note">No suggestions here yet. Search the map for a place, or open someone’s profile, to follow them.</p>
      )}
      {places.length > 0 && (
        <>
          <h3 id={placesId} className="follow-suggestions__heading">
            Popular places nearby
          </h3>
          <ul className="follow-suggestions__list" aria-labelledby={placesId}>
            {places.map((place) => (
              <PlaceSuggestion key={place.establishment_id} place={place} />
            ))}
          </ul>
        </>
      )}
      {people.length > 0 && (
        <>
          <h3 id={peopleId} className="follow-suggestions__heading">
            Active reviewers
          </h3>
          <ul className="follow-suggestions__list" aria-labelledby={peopleId}>
            {people.map((person) => (
              <PersonSuggestion key={person.username} person={person} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
