import { z } from 'zod';
import { LIMITS } from '../limits';
import { PLACE_LIMITS, PLACE_SERVER_MESSAGES } from '../places';
import { MAP_KIND_FILTERS } from '../place-lists';
import { HOURS_LIMITS, HOURS_MESSAGES } from '../place-hours';
import { actingEmail, idField, optionalText, pageField, plainText, requiredText } from './fields';

export const latitudeField = z
  .number({ error: PLACE_SERVER_MESSAGES.latitudeRange })
  .min(-90, { error: PLACE_SERVER_MESSAGES.latitudeRange })
  .max(90, { error: PLACE_SERVER_MESSAGES.latitudeRange });
export const longitudeField = z
  .number({ error: PLACE_SERVER_MESSAGES.longitudeRange })
  .min(-180, { error: PLACE_SERVER_MESSAGES.longitudeRange })
  .max(180, { error: PLACE_SERVER_MESSAGES.longitudeRange });

const locationField = plainText({ error: 'location is required.' })
  .trim()
  .min(1, { error: 'location is required.' })
  .max(LIMITS.textFieldMax, { error: `Must be at most ${LIMITS.textFieldMax} characters.` });

/** One establishment by id: the place page, its followers, its reviews. */
export const establishmentIdSchema = z.strictObject({ establishment_id: idField });
export const placeFollowSchema = z.strictObject({ establishment_id: idField, email: actingEmail });
/** `location`: a place's slug, a provider's place_id, or "lat,lng" (the nearest place within 50 m). */
export const placeByLocationSchema = z.strictObject({ location: locationField });

/** The address fields a person or a provider gives for a place; stored trimmed, shown as text. */
const addressFields = {
  street: optionalText(),
  city: optionalText(),
  state: optionalText(),
  zip: optionalText(),
  country: optionalText(),
  lat: latitudeField,
  lng: longitudeField,
};

export const placeInfoSchema = z.strictObject({
  place_id: requiredText('place_id is required.'),
  name: requiredText(PLACE_SERVER_MESSAGES.nameRequired),
  ...addressFields,
});
/** `details`: the provider's extra data, kept as JSON text up to a cap. */
export const placeSelectedSchema = z.strictObject({
  place_info: placeInfoSchema,
  details: z
    .unknown()
    .refine((value) => value === undefined || (JSON.stringify(value)?.length ?? 0) <= PLACE_LIMITS.detailsJsonMax, {
      error: PLACE_SERVER_MESSAGES.detailsTooLarge,
    })
    .optional(),
});
export const placeForFeedSchema = z.strictObject({ limit: pageField(50).default(1), skip: pageField(1_000_000).default(0) });

/** A map's visible box in degrees; the server refuses boxes across the antimeridian or larger than PLACE_LIMITS allow. */
export const placeInBoundsSchema = z
  .strictObject({
    west: longitudeField,
    south: latitudeField,
    east: longitudeField,
    north: latitudeField,
    /** Only places of this kind (issue 19): see MAP_KIND_NAME_WORDS and establishments.drink_mix. */
    kind: z.enum(MAP_KIND_FILTERS, { error: `kind must be one of: ${MAP_KIND_FILTERS.join(', ')}.` }).optional(),
    /** Only places rated MAP_TOP_RATING_MIN or more. */
    top: z.boolean({ error: 'top must be true or false.' }).optional(),
    /** Only places open now by their hours (issue 31). */
    open: z.boolean({ error: 'open must be true or false.' }).optional(),
    /** Only places good for working (GOOD_FOR_WORKING). */
    working: z.boolean({ error: 'working must be true or false.' }).optional(),
  })
  .check((ctx) => {
    const { west, south, east, north } = ctx.value;
    if (west > east) ctx.issues.push({ code: 'custom', message: PLACE_SERVER_MESSAGES.boundsCrossAntimeridian, input: ctx.value });
    else if (south > north) ctx.issues.push({ code: 'custom', message: PLACE_SERVER_MESSAGES.boundsInverted, input: ctx.value });
    else if (east - west > PLACE_LIMITS.boundsMaxWidthDeg || north - south > PLACE_LIMITS.boundsMaxHeightDeg) {
      ctx.issues.push({ code: 'custom', message: PLACE_SERVER_MESSAGES.boundsTooLarge, input: ctx.value });
    }
  });

/** Place search: text, and the map's centre so nearby places rank first (and providers search around it). */
export const placeSearchSchema = z.strictObject({
  query: plainText({ error: PLACE_SERVER_MESSAGES.searchTooShort })
    .trim()
    .min(PLACE_LIMITS.searchQueryMin, { error: PLACE_SERVER_MESSAGES.searchTooShort })
    .max(PLACE_LIMITS.searchQueryMax, { error: PLACE_SERVER_MESSAGES.searchTooLong }),
  lat: latitudeField.optional(),
  lng: longitudeField.optional(),
  /** With the map's Open now filter on (issue 31): our places open now rank first. */
  open: z.boolean({ error: 'open must be true or false.' }).optional(),
});

/** A place a signed-in person adds by dropping a pin (offline, or one the provider does not know). */
export const addPlaceSchema = z.strictObject({
  name: requiredText(PLACE_SERVER_MESSAGES.nameRequired),
  ...addressFields,
});

export const suggestAddressSchema = z.strictObject({ lat: latitudeField, lng: longitudeField });
/** Places near a point: where a photo was taken (read from its EXIF in the browser; used for this look-up only). */
export const placesNearSchema = z.strictObject({ lat: latitudeField, lng: longitudeField });

/** `/view/{location}` for an area: a city or neighbourhood name, or its slug ("lincoln-park"). */
export const placeAreaSchema = z.strictObject({ location: locationField });

/** Best orders, and adding or removing a place on the Want to try list: one establishment by id. */
export const bestOrdersSchema = establishmentIdSchema;
export const wantToTrySchema = establishmentIdSchema;
export const wantToTryListSchema = z.strictObject({});

/** Set a place's opening hours (issue 31): OpenStreetMap `opening_hours` text; '' clears them. */
export const placeHoursSetSchema = z.strictObject({
  establishment_id: idField,
  opening_hours: plainText({ error: HOURS_MESSAGES.notText }).trim().max(HOURS_LIMITS.textMax, { error: HOURS_MESSAGES.tooLong }),
});

/** Revert one change of hours (its author or an admin). */
export const placeHoursRevertSchema = z.strictObject({ change_id: idField });
