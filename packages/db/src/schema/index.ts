import { DIALECT } from '../dialect';
import * as pg from './pg';
import * as sqlite from './sqlite';

/*
 * The tables of this process's database (see DIALECT). They are typed as the PostgreSQL tables for both: app code
 * is compiled once against those types, and the two schemas have the same row types (schema-types.spec.ts).
 */
const active = (DIALECT === 'pg' ? pg : sqlite) as unknown as typeof pg;

export const {
  users,
  isActiveUser,
  profileImages,
  verificationCodes,
  sessions,
  establishments,
  posts,
  postImages,
  postLikes,
  comments,
  userFollows,
  placeFollows,
  wantToTry,
  contactMessages,
  notifications,
  mentions,
  emailPreferences,
  notificationDigests,
  mailQueue,
  userBlocks,
  reports,
  moderationActions,
  rateLimits,
  appSettings,
  sharedCache,
  federationKeys,
  federationKv,
  federationQueue,
  remoteActors,
  remoteFollowers,
  remoteFollowing,
  federationDomains,
  remoteLikes,
  federationDepartures,
  remoteActorBlocks,
  federationInstanceKeys,
  placeHoursIntervals,
  placeHoursChanges,
  postAmenities,
} = active;

export {
  ACTIVE_USER_SQL,
  NOTIFICATION_KIND_VALUES,
  REPORT_ACTION_VALUES,
  REPORT_KIND_VALUES,
  REPORT_REASON_VALUES,
  USER_ROLES,
  WORKING_AMENITY_BITS,
  WORKING_PLACES_SQL,
} from './sqlite';
