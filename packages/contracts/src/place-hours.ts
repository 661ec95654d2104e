/**
 * Opening hours and amenities (issue 31): the amenities' names and bits, the hours' limits and messages, and the answer
 * shapes, shared by the API and the web app. The pure readings of these shapes live beside: hours-status.ts (a status
 * line and a week from open intervals) and weekly-hours.ts (the weekly editor's model and its `opening_hours` text).
 */

/** The amenities reviewers answer yes or no, in the order they are shown. */
export const AMENITIES = [
  'wifi',
  'outlets',
  'laptop_friendly',
  'quiet',
  'indoor_seating',
  'outdoor_seating',
  'step_free',
  'restroom',
  'dog_friendly',
  'dairy_free_milks',
  'decaf',
  'vegan_food',
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const AMENITY_LABELS: Record<Amenity, string> = {
  wifi: 'Wi-Fi',
  outlets: 'Power outlets',
  laptop_friendly: 'Laptop-friendly',
  quiet: 'Quiet',
  indoor_seating: 'Indoor seating',
  outdoor_seating: 'Outdoor seating',
  step_free: 'Step-free entrance',
  restroom: 'Restroom',
  dog_friendly: 'Dog-friendly',
  dairy_free_milks: 'Dairy-free milks',
  decaf: 'Decaf',
  vegan_food: 'Vegan food',
};

/** Each amenity's bit in establishments.amenities_yes / amenities_no. */
export const AMENITY_BITS = Object.fromEntries(AMENITIES.map((amenity, index) => [amenity, 1 << index])) as Record<Amenity, number>;

/** A review's answers: only the amenities the reviewer answered. */
export type AmenityAnswers = Partial<Record<Amenity, boolean>>;

/**
 * Recent answers weigh more: the newest answer about an amenity weighs 1, each older one this much of the one after
 * it. Ranks, not ages, so a verdict changes only when someone answers (and a quiet place keeps its last word).
 */
export const AMENITY_RECENCY_WEIGHT = 0.8;

export type AmenityVerdict = 'yes' | 'no' | 'unsure';

/** What the answers (newest first) say: 'yes' or 'no' when that side weighs more than half, else 'unsure'. */
export function amenityVerdict(answersNewestFirst: readonly boolean[]): AmenityVerdict {
  let yes = 0;
  let no = 0;
  let weight = 1;
  for (const answer of answersNewestFirst) {
    if (answer) yes += weight;
    else no += weight;
    weight *= AMENITY_RECENCY_WEIGHT;
  }
  if (yes > no) return 'yes';
  if (no > yes) return 'no';
  return 'unsure';
}

/** "Good for working": these confirmed (verdict yes) and these not denied (verdict not no). */
export const GOOD_FOR_WORKING = { confirmed: ['wifi', 'outlets'], notDenied: ['laptop_friendly'] } as const satisfies {
  confirmed: readonly Amenity[];
  notDenied: readonly Amenity[];
};

/** One amenity on the place page: 'Wi-Fi · 12 of 14 say yes'. Amenities nobody answered are absent. */
export interface AmenitySummary {
  amenity: Amenity;
  label: string;
  yes: number;
  total: number;
  verdict: AmenityVerdict;
}

export const HOURS_LIMITS = {
  /** The `opening_hours` text: OpenStreetMap caps a tag's value at 255 characters. */
  textMax: 255,
  /** Changes of hours one person may make in an hour, reverts included. */
  changesPerHour: 10,
  /** The open intervals kept per place reach this many days ahead when (re)computed ... */
  windowDays: 14,
  /** ... and are computed again once fewer than this many days are left. */
  refreshBelowDays: 8,
  /** 'Closes soon' this many minutes or less before closing. */
  closesSoonMinutes: 60,
  /** A place's history page shows at most this many changes, newest first. */
  historyMax: 100,
  /** Open intervals a pin carries: the current or next one, and the one after. */
  pinIntervals: 2,
} as const;

export const HOURS_MESSAGES = {
  /** The library's own words follow: it names the token it stopped at. */
  invalid: (detail: string) => `These opening hours can't be read: ${detail}`,
  tooLong: `Opening hours must be at most ${HOURS_LIMITS.textMax} characters.`,
  notText: 'opening_hours must be text.',
  noChange: 'These are the hours already.',
  noHolidays: "Public and school holidays (PH, SH) aren't known for this place's country: leave them out.",
  changeNotFound: 'That change of hours was not found.',
  notYourChange: 'Only an admin or the person who made a change can revert it.',
  alreadyReverted: 'That change was already reverted.',
  changedSince: 'The hours have changed since. Edit them instead.',
  blocked: "You can't change the hours of this place.",
} as const;

/** Epoch ms [start, end) a place is open, from its own hours in its own time zone. */
export type OpenInterval = [number, number];

/** A place's hours on its page. */
export interface PlaceHours {
  /** The OpenStreetMap `opening_hours` text. */
  opening_hours: string;
  /** IANA time zone of the place: its hours are its local time. */
  time_zone: string;
  /** Open intervals from shortly before the answer was made to `until`. */
  intervals: OpenInterval[];
  /** Epoch ms up to which `intervals` tell the whole truth (about HOURS_LIMITS.windowDays ahead). */
  until: number;
  /** Who set them last, and when (ISO). */
  changed_by: string;
  changed_at: string;
}

/** One change in a place's hours history, newest first. */
export interface PlaceHoursChange {
  id: number;
  username: string;
  created_at: string;
  before: string | null;
  after: string | null;
  /** Set when this change reverts another. */
  reverts_id: number | null;
  /** A later change reverted this one. */
  reverted: boolean;
  /** The viewer may revert it (theirs or an admin, not yet reverted, nothing changed since). */
  can_revert: boolean;
}
