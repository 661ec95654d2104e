/** Business constants and limits of spec §9, each named once for the API and the web app. */
export const LIMITS = {
  reviewImagesMax: 3,
  reviewImageBytesMax: 50_000_000,
  profileImageBytesMax: 12_000_000,
  /** Not in the spec: decoding cost grows with pixels, not bytes (a tiny file can declare a huge canvas). */
  imagePixelsMax: 100_000_000,
  ratingMin: 1,
  ratingMax: 5,
  ratingDefault: 5,
  registrationPasswordMin: 6,
  changePasswordMin: 8,
  usernameMin: 4,
  zipLength: 5,
  searchMin: 3,
  contactMessageMin: 10,
  nameMax: 12,
  usernameMax: 12,
  phoneMax: 12,
  favoriteOrderMax: 150,
  /** A report's optional note, and an admin's suspension reason (issue 17). */
  reportNoteMax: 500,
  yearOfBirthEntries: 100,
  yearOfBirthOffset: 10,
  placeSearchRadiusMeters: 3000,
  placeSearchTerms: ['coffee', 'tea', 'boba'] as const,
  mapZoom: 14,
  mapZoomAfterSearch: 12,
  mapMinZoom: 3,
  markerHoverDistance: 30,
  searchDebounceMs: 500,
  feedFirstPage: 5,
  feedNextPage: 1,
  activityFirstPage: 3,
  activityNextPage: 1,
  ordersCarouselLimit: 100,
  ipLookupTimeoutMs: 5000,
  mapScriptRetries: 3,
  menuCollapseMaxWidth: 900,
  mobileMaxWidth: 770,
  carouselScrollPx: 300,
  carouselSpeedMs: 300,
  placeNameDisplayMax: 20,
  countShorthandFrom: 1000,
  minimumAge: 18,
  /** Terms: liability is capped at the greater of the fees paid in this many months before a claim, or the floor. */
  liabilityLookbackMonths: 12,
  liabilityFloorUsd: 0.01,
  /** The map's label element (spec §9). */
  mapLabelRadiusPx: 20,
  mapLabelFontPx: 14,
  /** The post modal's image carousel: one slide at a time, with arrows and dots. */
  postCarouselSlidesToShow: 1,
  /** Spec §7 test feed request. */
  testFeedLimit: 1,
  testFeedSkip: 1,
  /** Date picker defaults (spec §9) and the admin log range's format (spec §2). */
  datePickerFormat: 'MM/dd/yyyy',
  adminLogDateFormat: 'MM/dd/yy',
  datePickerTimeStepMinutes: 30,
  datePickerYearsPerPage: 12,
  datePickerYearColumns: 3,
  /** Not in the spec: generous caps so no free-text field can grow without bound. */
  emailMax: 254,
  passwordMax: 128,
  contactMessageMax: 5000,
  clientLogMessageMax: 2000,
  reviewTextMax: 2000,
  orderTextMax: 150,
  commentMax: 500,
  bioMax: 300,
  addressMax: 200,
  textFieldMax: 200,
  /** The join code is 6 characters; the field takes a little more so a pasted code with spaces still parses. */
  verificationCodeMax: 32,
  /** The largest row id: ids are 32-bit integers on PostgreSQL, so a larger one can name no row on either database. */
  idMax: 2_147_483_647,
} as const;

/**
 * Spec §9 "a fixed default map centre": downtown Chicago, the Loop by the river's South Branch, well
 * inside the bundled street data (lon -87.803..-87.583, lat 41.771..41.968) so the first screen at
 * zoom 14 shows the Loop, West Loop, River North and South Loop.
 */
export const DEFAULT_MAP_CENTER = { lat: 41.8837, lng: -87.6366 } as const;

export const LEGAL_LAST_UPDATED = '1 August 2025';
