import { z } from 'zod';
import { LIMITS } from '../limits';
import { actingEmail, idField, pageField } from './fields';

export const placeIdSchema = z.strictObject({ establishment_id: idField });
export const placeFollowSchema = z.strictObject({ establishment_id: idField, email: actingEmail });
export const placeByLocationSchema = z.strictObject({
  location: z.string({ error: 'location is required.' }).trim().min(1).max(LIMITS.textFieldMax),
});
export const placeInfoSchema = z.strictObject({
  place_id: z.string().trim().min(1).max(LIMITS.textFieldMax),
  name: z.string().trim().min(1).max(LIMITS.textFieldMax),
  street: z.string().trim().max(LIMITS.textFieldMax).optional(),
  city: z.string().trim().max(LIMITS.textFieldMax).optional(),
  state: z.string().trim().max(LIMITS.textFieldMax).optional(),
  zip: z.string().trim().max(LIMITS.textFieldMax).optional(),
  country: z.string().trim().max(LIMITS.textFieldMax).optional(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export const placeSelectedSchema = z.strictObject({ place_info: placeInfoSchema, details: z.unknown().optional() });
export const placeForFeedSchema = z.strictObject({ limit: pageField(50).default(1), skip: pageField(1_000_000).default(0) });
