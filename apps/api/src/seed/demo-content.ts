/**
 * Demo content for a fresh Siplog install: invented people, places and reviews in central Chicago, inside
 * the map's bundled street data and mostly around the default map centre (the Loop). None of the places
 * are real businesses: the names are made up, only the streets are real.
 */
import type { AmenityAnswers, DrinkInput, PlaceInfo } from '@siplog/contracts';

/** Every demo account signs in with this password (listed in the README). */
export const DEMO_PASSWORD = 'Siplog123';

export const DEMO_EMAIL_DOMAIN = 'demo.siplog.local';

/** What a review's pictures show, so the generated photos fit the order. */
export const DRINK_KINDS = ['coffee', 'tea', 'boba', 'matcha', 'cold-brew'] as const;
export type DrinkKind = (typeof DRINK_KINDS)[number];

export type DemoGender = 'Male' | 'Female' | 'Prefer not to say';

export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  currentFavOrder: string;
  gender: DemoGender;
  zipCode: string;
  phone: string;
  yearOfBirth: number;
  hasProfileImage: boolean;
}

/** A place as the map knows it, without a provider id: demo places are our own (`siplog:` ids). */
export interface DemoPlace extends Omit<PlaceInfo, 'place_id'> {
  /** How reviews and follows in this file name the place (not its URL slug, which slugify makes from name and city). */
  key: string;
}

export interface DemoComment {
  author: DemoUsername;
  body: string;
  hoursAfterPost: number;
}

export interface DemoReview {
  author: DemoUsername;
  place: DemoPlaceKey;
  order: string;
  review: string;
  rating: 1 | 2 | 3 | 4 | 5;
  drink: DrinkKind;
  /** The drink details the author gave (issue 19); some demo reviews, like some real ones, have none. */
  details?: DrinkInput;
  /** What the author said of the place's amenities (issue 31); some reviews, like some real ones, answer nothing. */
  amenities?: AmenityAnswers;
  /** How long before the seed runs the review was posted. */
  daysAgo: number;
  photos: 1 | 2 | 3;
  likedBy: readonly DemoUsername[];
  comments?: readonly DemoComment[];
}

export const DEMO_PEOPLE = [
  {
    username: 'mayasips',
    firstName: 'Maya',
    lastName: 'Lopez',
    email: `maya.lopez@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Pour-over nerd by day, latte-art critic by night. Always hunting for the best cortado along Milwaukee Avenue.',
    currentFavOrder: 'Oat milk cortado with a dash of cinnamon',
    gender: 'Female',
    zipCode: '60622',
    phone: '773-555-0101',
    yearOfBirth: 1994,
    hasProfileImage: true,
  },
  {
    username: 'jkimbrews',
    firstName: 'Jordan',
    lastName: 'Kim',
    email: `jordan.kim@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Home roaster and bike commuter on the Milwaukee Avenue bike lane. Firm believer that cold brew is a year-round drink, even in January.',
    currentFavOrder: 'Nitro cold brew, 16 oz, no sweetener',
    gender: 'Male',
    zipCode: '60607',
    phone: '312-555-0102',
    yearOfBirth: 1990,
    hasProfileImage: true,
  },
  {
    username: 'priya.chai',
    firstName: 'Priya',
    lastName: 'Nair',
    email: `priya.nair@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Grad student in Hyde Park powered by masala chai. I rate places on their chai and on their study tables.',
    currentFavOrder: 'Masala chai with oat milk, extra ginger',
    gender: 'Female',
    zipCode: '60615',
    phone: '773-555-0103',
    yearOfBirth: 1998,
    hasProfileImage: true,
  },
  {
    username: 'marcus_b',
    firstName: 'Marcus',
    lastName: 'Bell',
    email: `marcus.bell@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Loop office worker on a mission to try every espresso bar between the river and Michigan Avenue.',
    currentFavOrder: 'Flat white with whole milk and a sparkling water on the side',
    gender: 'Male',
    zipCode: '60606',
    phone: '312-555-0104',
    yearOfBirth: 1987,
    hasProfileImage: true,
  },
  {
    username: 'sofi.boba',
    firstName: 'Sofia',
    lastName: 'Reyes',
    email: `sofia.reyes@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Boba is a food group. Brown sugar pearls or nothing. Ask me about topping ratios, or about the best milk tea in Chinatown.',
    currentFavOrder: 'Brown sugar boba milk, 50% sweet, less ice',
    gender: 'Female',
    zipCode: '60616',
    phone: '312-555-0105',
    yearOfBirth: 2000,
    hasProfileImage: true,
  },
  {
    username: 'ewalsh',
    firstName: 'Ethan',
    lastName: 'Walsh',
    email: `ethan.walsh@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Runner, morning person, matcha convert. Usually on the Lakefront Trail with a to-go cup.',
    currentFavOrder: 'Iced matcha latte with oat milk, 16 oz',
    gender: 'Male',
    zipCode: '60614',
    phone: '773-555-0106',
    yearOfBirth: 1992,
    hasProfileImage: false,
  },
  {
    username: 'averytea',
    firstName: 'Avery',
    lastName: 'Chen',
    email: `avery.chen@${DEMO_EMAIL_DOMAIN}`,
    bio: 'Loose-leaf tea enthusiast. Oolong, pu-erh, anything with a good story behind it.',
    currentFavOrder: 'High mountain oolong, gongfu style',
    gender: 'Prefer not to say',
    zipCode: '60608',
    phone: '773-555-0107',
    yearOfBirth: 1996,
    hasProfileImage: true,
  },
  {
    username: 'noah_drip',
    firstName: 'Noah',
    lastName: 'Patel',
    email: `noah.patel@${DEMO_EMAIL_DOMAIN}`,
    bio: 'CS student who lives off the Blue Line. I judge coffee by how long it keeps me awake and how good the Wi-Fi is.',
    currentFavOrder: 'Latte with an extra shot, 16 oz',
    gender: 'Male',
    zipCode: '60607',
    phone: '312-555-0108',
    yearOfBirth: 2001,
    hasProfileImage: false,
  },
] as const satisfies readonly DemoPerson[];

export type DemoUsername = (typeof DEMO_PEOPLE)[number]['username'];

const CHICAGO = { city: 'Chicago', state: 'IL', country: 'US' } as const;

/**
 * Invented places on real Chicago streets, each pin at its street address. All lie inside the bundled
 * street data and west of the lake shore; the first 13 are within 2 km of DEFAULT_MAP_CENTER, so the
 * first screen (zoom 14) is full of pins.
 */
export const DEMO_PLACES = [
  // The Loop
  { key: 'ironwork-espresso', name: 'Ironwork Espresso', street: '222 W Adams St', zip: '60606', lat: 41.8795, lng: -87.6341, ...CHICAGO },
  { key: 'trackside-coffee', name: 'Trackside Coffee Bar', street: '180 N Wabash Ave', zip: '60601', lat: 41.8852, lng: -87.6262, ...CHICAGO },
  { key: 'ledger-and-leaf', name: 'Ledger & Leaf Tea', street: '29 E Madison St', zip: '60602', lat: 41.8819, lng: -87.6271, ...CHICAGO },
  { key: 'pedway-pearl', name: 'Pedway Pearl Tea', street: '56 W Randolph St', zip: '60601', lat: 41.8846, lng: -87.6299, ...CHICAGO },
  // West Loop and Greektown
  { key: 'hearth-and-oolong', name: 'Hearth & Oolong', street: '630 W Monroe St', zip: '60661', lat: 41.8806, lng: -87.6435, ...CHICAGO },
  { key: 'blue-kafeneio', name: 'Blue Kafeneio', street: '310 S Halsted St', zip: '60661', lat: 41.8778, lng: -87.6473, ...CHICAGO },
  { key: 'switchyard-coffee', name: 'Switchyard Coffee', street: '555 W Jackson Blvd', zip: '60661', lat: 41.8779, lng: -87.6414, ...CHICAGO },
  // Fulton Market
  { key: 'gantry-cold-brew', name: 'Gantry Cold Brew', street: '845 W Fulton Market', zip: '60607', lat: 41.8867, lng: -87.6485, ...CHICAGO },
  { key: 'matcha-meridian', name: 'Matcha Meridian', street: '1012 W Randolph St', zip: '60607', lat: 41.8844, lng: -87.6525, ...CHICAGO },
  { key: 'tinplate-roasters', name: 'Tinplate Roasters', street: '1100 W Lake St', zip: '60607', lat: 41.8857, lng: -87.6545, ...CHICAGO },
  // River North
  { key: 'drawbridge-coffee', name: 'Drawbridge Coffee', street: '415 N Wells St', zip: '60654', lat: 41.8896, lng: -87.6339, ...CHICAGO },
  { key: 'lantern-leaf-boba', name: 'Lantern Leaf Boba', street: '10 W Hubbard St', zip: '60654', lat: 41.8901, lng: -87.6285, ...CHICAGO },
  // South Loop (Printer's Row)
  { key: 'ink-and-crema', name: 'Ink & Crema', street: '700 S Dearborn St', zip: '60605', lat: 41.8732, lng: -87.6293, ...CHICAGO },
  // Wicker Park
  { key: 'triangle-roasters', name: 'Triangle Roasters', street: '1560 N Milwaukee Ave', zip: '60622', lat: 41.9097, lng: -87.6764, ...CHICAGO },
  { key: 'hollow-moon-boba', name: 'Hollow Moon Boba', street: '1467 N Milwaukee Ave', zip: '60622', lat: 41.9086, lng: -87.6747, ...CHICAGO },
  { key: 'second-shift-brew', name: 'Second Shift Brew', street: '1935 W Division St', zip: '60622', lat: 41.9031, lng: -87.6757, ...CHICAGO },
  // Ukrainian Village
  { key: 'painted-egg-tea', name: 'Painted Egg Tea', street: '2221 W Chicago Ave', zip: '60622', lat: 41.8957, lng: -87.6824, ...CHICAGO },
  { key: 'golden-dome-coffee', name: 'Golden Dome Coffee', street: '1024 N Western Ave', zip: '60622', lat: 41.8998, lng: -87.687, ...CHICAGO },
  // Logan Square
  { key: 'eagle-column-coffee', name: 'Eagle Column Coffee', street: '2575 N Milwaukee Ave', zip: '60647', lat: 41.9277, lng: -87.7051, ...CHICAGO },
  { key: 'two-cranes-boba', name: 'Two Cranes Boba', street: '2956 W Fullerton Ave', zip: '60647', lat: 41.9249, lng: -87.7012, ...CHICAGO },
  // Lincoln Park
  { key: 'fern-house-tea', name: 'Fern House Tea', street: '2210 N Halsted St', zip: '60614', lat: 41.922, lng: -87.6488, ...CHICAGO },
  { key: 'green-lotus-matcha', name: 'Green Lotus Matcha', street: '940 W Armitage Ave', zip: '60614', lat: 41.9182, lng: -87.6519, ...CHICAGO },
  // Pilsen
  { key: 'mural-wall-coffee', name: 'Mural Wall Coffee', street: '1436 W 18th St', zip: '60608', lat: 41.858, lng: -87.6622, ...CHICAGO },
  { key: 'piloncillo-chai', name: 'Piloncillo Chai', street: '1134 W 18th St', zip: '60608', lat: 41.858, lng: -87.655, ...CHICAGO },
  // Chinatown
  { key: 'plum-blossom-tea', name: 'Plum Blossom Tea', street: '2245 S Wentworth Ave', zip: '60616', lat: 41.852, lng: -87.6319, ...CHICAGO },
  { key: 'tapioca-tide', name: 'Tapioca Tide', street: '2130 S Archer Ave', zip: '60616', lat: 41.8536, lng: -87.6336, ...CHICAGO },
  // Bronzeville
  { key: 'brass-horn-coffee', name: 'Brass Horn Coffee', street: '411 E 47th St', zip: '60653', lat: 41.8093, lng: -87.616, ...CHICAGO },
  { key: 'magnolia-leaf-matcha', name: 'Magnolia Leaf Matcha', street: '233 E 35th St', zip: '60653', lat: 41.8309, lng: -87.6214, ...CHICAGO },
  // Hyde Park
  { key: 'marginalia-coffee', name: 'Marginalia Coffee', street: '1452 E 53rd St', zip: '60615', lat: 41.7997, lng: -87.5902, ...CHICAGO },
  { key: 'oriel-tea-and-boba', name: 'Oriel Tea & Boba', street: '1321 E 57th St', zip: '60637', lat: 41.7913, lng: -87.5942, ...CHICAGO },
] as const satisfies readonly DemoPlace[];

export type DemoPlaceKey = (typeof DEMO_PLACES)[number]['key'];

export function demoPlaceId(key: DemoPlaceKey): string {
  return `siplog:demo-${key}`;
}

/** A demo person setting a place's opening hours, as the hours editor would. */
export interface DemoHoursChange {
  place: DemoPlaceKey;
  setBy: DemoUsername;
  /** OpenStreetMap `opening_hours`, in the place's local time. */
  openingHours: string;
}

/**
 * Opening hours (issue 31), applied in this order: a place listed twice was corrected by the second person, so its
 * history has two changes. The shapes a person meets: weekday and weekend hours, a split day, a rest day, a boba
 * place open past midnight on weekends, one open around the clock, one closed on public holidays. Golden Dome Coffee
 * and Fern House Tea have no hours yet. Each person sets at most a few, well inside the hourly limit on changes.
 */
export const DEMO_HOURS_CHANGES: readonly DemoHoursChange[] = [
  { place: 'ironwork-espresso', setBy: 'marcus_b', openingHours: 'Mo-Fr 06:30-18:00; Sa 08:00-15:00' },
  { place: 'trackside-coffee', setBy: 'marcus_b', openingHours: 'Mo-Fr 06:00-19:00; Sa,Su 08:00-16:00' },
  { place: 'ledger-and-leaf', setBy: 'mayasips', openingHours: 'Mo-Sa 10:00-18:00; Su 11:00-17:00' },
  { place: 'pedway-pearl', setBy: 'sofi.boba', openingHours: 'Mo-Fr 10:30-19:30; Sa 11:00-18:00' },
  { place: 'hearth-and-oolong', setBy: 'averytea', openingHours: 'Tu-Su 11:00-19:00' },
  { place: 'blue-kafeneio', setBy: 'ewalsh', openingHours: 'Mo-Su 07:00-22:00' },
  { place: 'switchyard-coffee', setBy: 'marcus_b', openingHours: 'Mo-Fr 05:30-19:00; Sa,Su 07:00-17:00' },
  { place: 'gantry-cold-brew', setBy: 'jkimbrews', openingHours: 'Mo-Fr 07:00-17:00; Sa,Su 08:00-18:00' },
  { place: 'matcha-meridian', setBy: 'averytea', openingHours: 'We-Su 10:00-18:00' },
  { place: 'tinplate-roasters', setBy: 'jkimbrews', openingHours: 'Mo-Su 07:00-19:00' },
  { place: 'drawbridge-coffee', setBy: 'marcus_b', openingHours: 'Mo-Fr 06:30-17:00; Sa,Su 08:00-15:00' },
  { place: 'lantern-leaf-boba', setBy: 'noah_drip', openingHours: 'Mo-Su 12:00-22:00' },
  { place: 'lantern-leaf-boba', setBy: 'sofi.boba', openingHours: 'Mo-Th 12:00-24:00; Fr,Sa 12:00-02:00; Su 12:00-22:00' },
  { place: 'ink-and-crema', setBy: 'noah_drip', openingHours: 'Mo-Fr 07:00-21:00; Sa,Su 08:00-18:00' },
  { place: 'triangle-roasters', setBy: 'mayasips', openingHours: 'Mo-Fr 07:00-15:00; Sa,Su 08:00-16:00' },
  { place: 'hollow-moon-boba', setBy: 'sofi.boba', openingHours: 'Mo-Th 12:00-22:00; Fr,Sa 12:00-23:30; Su 12:00-21:00' },
  { place: 'second-shift-brew', setBy: 'jkimbrews', openingHours: '24/7' },
  { place: 'painted-egg-tea', setBy: 'averytea', openingHours: 'Tu-Sa 09:00-13:00,15:00-19:00; Su 10:00-14:00' },
  { place: 'eagle-column-coffee', setBy: 'mayasips', openingHours: 'Mo-Fr 07:00-18:00; Sa,Su 08:00-18:00' },
  { place: 'two-cranes-boba', setBy: 'ewalsh', openingHours: 'Mo-Su 12:00-21:30' },
  { place: 'green-lotus-matcha', setBy: 'ewalsh', openingHours: 'Mo-Fr 07:30-18:00; Sa,Su 09:00-17:00' },
  { place: 'mural-wall-coffee', setBy: 'noah_drip', openingHours: 'Mo-Sa 07:00-19:00; Su 08:00-15:00' },
  { place: 'piloncillo-chai', setBy: 'priya.chai', openingHours: 'Tu-Su 07:00-14:00' },
  { place: 'plum-blossom-tea', setBy: 'priya.chai', openingHours: 'Mo,We-Su 10:00-20:00' },
  { place: 'tapioca-tide', setBy: 'sofi.boba', openingHours: 'Mo-Su 11:00-23:00' },
  { place: 'brass-horn-coffee', setBy: 'ewalsh', openingHours: 'Mo-Fr 06:30-16:00; Sa,Su 08:00-14:00' },
  { place: 'magnolia-leaf-matcha', setBy: 'priya.chai', openingHours: 'Th-Mo 10:00-18:00' },
  { place: 'marginalia-coffee', setBy: 'priya.chai', openingHours: 'Mo-Fr 07:00-22:00; Sa,Su 08:00-20:00' },
  { place: 'oriel-tea-and-boba', setBy: 'averytea', openingHours: 'Mo-Su 11:00-22:00; PH off' },
];

/**
 * Spread over the map: most places have one to three reviews, and Trackside Coffee Bar, Golden Dome
 * Coffee and Fern House Tea have none yet, so an establishment page without reviews is one click away.
 * Their amenity answers make Ink & Crema, Eagle Column Coffee, Tinplate Roasters (Wi-Fi: 2 of 3 say yes),
 * Marginalia Coffee and Second Shift Brew good for working; Drawbridge Coffee (not laptop-friendly at lunch)
 * and Mural Wall Coffee (spotty Wi-Fi) have outlets but are not.
 */
export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    author: 'mayasips',
    place: 'triangle-roasters',
    order: 'Oat milk cortado, 8 oz',
    details: { kind: 'cortado', temperature: 'hot', milk: 'oat' },
    review: 'Perfect balance of espresso and oat milk, and the rosetta was gorgeous. The little back patio off Milwaukee makes it my go-to morning spot.',
    rating: 5,
    drink: 'coffee',
    amenities: { wifi: true, indoor_seating: true, outdoor_seating: true, dairy_free_milks: true },
    daysAgo: 0.15,
    photos: 2,
    likedBy: ['jkimbrews', 'marcus_b', 'noah_drip', 'averytea'],
    comments: [{ author: 'jkimbrews', body: 'That patio is the best-kept secret in Wicker Park.', hoursAfterPost: 1.5 }],
  },
  {
    author: 'jkimbrews',
    place: 'gantry-cold-brew',
    order: 'Nitro cold brew, 16 oz, no sweetener',
    details: { kind: 'cold_brew', temperature: 'iced', milk: 'none', sweetness: 0 },
    review: 'Silky, chocolatey and dangerously smooth. They steep it for 20 hours and you can taste it. Worth the detour on the ride home.',
    rating: 5,
    drink: 'cold-brew',
    daysAgo: 0.6,
    photos: 1,
    likedBy: ['mayasips', 'ewalsh'],
  },
  {
    author: 'sofi.boba',
    place: 'lantern-leaf-boba',
    order: 'Brown sugar boba milk, 50% sweet, less ice',
    details: { kind: 'brown_sugar', temperature: 'iced', milk: 'whole', sweetness: 50, toppings: ['tapioca_pearls'] },
    review: 'The pearls were warm and chewy, exactly how they should be. Tiger stripes all the way down the cup.',
    rating: 5,
    drink: 'boba',
    amenities: { quiet: false, indoor_seating: true, restroom: true },
    daysAgo: 1.2,
    photos: 3,
    likedBy: ['priya.chai', 'noah_drip', 'mayasips', 'averytea', 'ewalsh'],
    comments: [
      { author: 'noah_drip', body: 'Going there after my lab tonight, thanks for the tip!', hoursAfterPost: 2 },
      { author: 'sofi.boba', body: 'Ask for the pearls fresh out of the pot, they will tell you when the next batch is ready.', hoursAfterPost: 3 },
    ],
  },
  {
    author: 'priya.chai',
    place: 'piloncillo-chai',
    order: 'Masala chai with oat milk, extra ginger, 12 oz',
    details: { kind: 'chai', temperature: 'hot', milk: 'oat' },
    review: 'Proper chai brewed on the stove and sweetened with piloncillo, not poured from a concentrate. The ginger kick is real, and very welcome in the wind on 18th Street.',
    rating: 5,
    drink: 'tea',
    amenities: { wifi: false, quiet: true, dairy_free_milks: true },
    daysAgo: 1.7,
    photos: 2,
    likedBy: ['averytea', 'sofi.boba'],
  },
  {
    author: 'marcus_b',
    place: 'ironwork-espresso',
    order: 'Cappuccino, 8 oz',
    details: { kind: 'cappuccino', temperature: 'hot', milk: 'whole' },
    review: 'Dense, velvety foam over a bright single-origin espresso. Tiny space and you can feel the L rumble past on Wells, so I usually take it to go.',
    rating: 4,
    drink: 'coffee',
    amenities: { laptop_friendly: false, quiet: false, decaf: true },
    daysAgo: 2.1,
    photos: 1,
    likedBy: ['mayasips', 'noah_drip'],
  },
  {
    author: 'ewalsh',
    place: 'green-lotus-matcha',
    order: 'Iced matcha latte with oat milk, 16 oz',
    details: { kind: 'matcha', temperature: 'iced', milk: 'oat' },
    review: 'Vibrant green, whisked to order and not too sweet. Best matcha I have found in Lincoln Park.',
    rating: 5,
    drink: 'matcha',
    amenities: { dairy_free_milks: true, vegan_food: true },
    daysAgo: 2.6,
    photos: 2,
    likedBy: ['averytea', 'jkimbrews', 'priya.chai'],
    comments: [{ author: 'averytea', body: 'Agreed, and their ceremonial grade is worth trying hot too.', hoursAfterPost: 5 }],
  },
  {
    author: 'averytea',
    place: 'hearth-and-oolong',
    order: 'Pot of high mountain oolong',
    details: { kind: 'oolong', temperature: 'hot', milk: 'none' },
    review: 'They walked me through three infusions and each one tasted different. Calm room, good playlist, no rush, and a world away from the Union Station crowds.',
    rating: 5,
    drink: 'tea',
    amenities: { wifi: true, outlets: false, quiet: true, indoor_seating: true },
    daysAgo: 3.1,
    photos: 2,
    likedBy: ['priya.chai', 'mayasips'],
  },
  {
    author: 'noah_drip',
    place: 'ink-and-crema',
    order: 'Latte with an extra shot, 16 oz',
    details: { kind: 'latte', temperature: 'hot', milk: 'whole' },
    review: 'Strong, quick and the outlets actually work. Printer\'s Row is quiet on weekday mornings; got me through a whole problem set.',
    rating: 4,
    drink: 'coffee',
    amenities: { wifi: true, outlets: true, laptop_friendly: true, quiet: true },
    daysAgo: 3.5,
    photos: 1,
    likedBy: ['marcus_b'],
  },
  {
    author: 'mayasips',
    place: 'eagle-column-coffee',
    order: 'Honey lavender latte, 12 oz',
    review: 'Floral without tasting like soap, which is rare. The tulip on top was a nice touch, and the window seats look out at the Logan Square column.',
    rating: 4,
    drink: 'coffee',
    amenities: { wifi: true, outlets: true, laptop_friendly: true, indoor_seating: true },
    daysAgo: 4.2,
    photos: 2,
    likedBy: ['sofi.boba', 'priya.chai', 'jkimbrews'],
  },
  {
    author: 'sofi.boba',
    place: 'pedway-pearl',
    order: 'Hokkaido milk tea with pearls, 75% sweet',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 75, toppings: ['tapioca_pearls'] },
    review: 'Caramel-y and creamy with a nice roasted tea finish. The pearls were a bit soft today, though.',
    rating: 4,
    drink: 'boba',
    amenities: { quiet: false, indoor_seating: true, step_free: true },
    daysAgo: 4.9,
    photos: 2,
    likedBy: ['noah_drip'],
  },
  {
    author: 'jkimbrews',
    place: 'tinplate-roasters',
    order: 'Flat white, 8 oz',
    details: { kind: 'flat_white', temperature: 'hot', milk: 'whole' },
    review: 'Roasted in-house and it shows: caramel and stone fruit. The baristas love talking about beans.',
    rating: 5,
    drink: 'coffee',
    amenities: { wifi: true, outlets: true, laptop_friendly: true, decaf: true },
    daysAgo: 5.4,
    photos: 1,
    likedBy: ['marcus_b', 'mayasips'],
    comments: [{ author: 'marcus_b', body: 'Their flat white is my daily. Try the Ethiopian when they have it.', hoursAfterPost: 4 }],
  },
  {
    author: 'priya.chai',
    place: 'marginalia-coffee',
    order: 'London fog, 12 oz',
    review: 'Earl grey, vanilla and steamed milk in perfect proportions. Quiet enough to read for hours, and nobody minds a stack of library books on the table.',
    rating: 4,
    drink: 'tea',
    amenities: { wifi: true, outlets: true, laptop_friendly: true, quiet: true, restroom: true },
    daysAgo: 6,
    photos: 1,
    likedBy: ['averytea'],
  },
  {
    author: 'ewalsh',
    place: 'blue-kafeneio',
    order: 'Iced Greek frappé, medium sweet, with milk',
    review: 'Good fuel after a run. Shaken until it is mostly foam and a little more bitter than I like, but it never gets watery.',
    rating: 4,
    drink: 'cold-brew',
    amenities: { outdoor_seating: true, dog_friendly: true },
    daysAgo: 6.8,
    photos: 2,
    likedBy: ['jkimbrews'],
  },
  {
    author: 'marcus_b',
    place: 'drawbridge-coffee',
    order: 'Mocha, 12 oz',
    details: { kind: 'mocha', temperature: 'hot', milk: 'whole' },
    review: 'Rich dark chocolate, not syrupy. Two blocks from the Riverwalk, which is lovely when the weather cooperates.',
    rating: 4,
    drink: 'coffee',
    amenities: { wifi: true, outlets: true },
    daysAgo: 7.3,
    photos: 1,
    likedBy: ['noah_drip', 'sofi.boba'],
  },
  {
    author: 'averytea',
    place: 'matcha-meridian',
    order: 'Ceremonial matcha, usucha style',
    details: { kind: 'matcha', temperature: 'hot', milk: 'none', sweetness: 0 },
    review: 'Whisked right in front of me in a real chawan. Grassy, sweet and completely smooth.',
    rating: 5,
    drink: 'matcha',
    amenities: { laptop_friendly: false, quiet: true, dairy_free_milks: true },
    daysAgo: 8,
    photos: 2,
    likedBy: ['ewalsh', 'priya.chai'],
  },
  {
    author: 'noah_drip',
    place: 'lantern-leaf-boba',
    order: 'Oolong milk tea with boba, 100% sweet',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 100, toppings: ['tapioca_pearls'] },
    review: 'Sugar rush in a cup, exactly what I wanted before a late lab. The line was long at 9 pm.',
    rating: 4,
    drink: 'boba',
    amenities: { wifi: true, outlets: false, quiet: false },
    daysAgo: 8.6,
    photos: 1,
    likedBy: ['sofi.boba'],
    comments: [{ author: 'sofi.boba', body: '100% sweet is brave. Try 50% next time, the tea comes through more.', hoursAfterPost: 1 }],
  },
  {
    author: 'sofi.boba',
    place: 'hollow-moon-boba',
    order: 'Honey milk tea with pearls, 30% sweet',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 25, toppings: ['tapioca_pearls'] },
    review: 'Real honey flavour and perfectly chewy pearls. A little pricey for the size, but that is Wicker Park for you.',
    rating: 4,
    drink: 'boba',
    amenities: { dairy_free_milks: true, vegan_food: false },
    daysAgo: 9.4,
    photos: 2,
    likedBy: ['mayasips', 'priya.chai'],
  },
  {
    author: 'mayasips',
    place: 'ironwork-espresso',
    order: 'Cortado, 4.5 oz',
    details: { kind: 'cortado', temperature: 'hot', milk: 'whole' },
    review: 'Textbook cortado: sweet, balanced and served with a tiny sparkling water on the side.',
    rating: 5,
    drink: 'coffee',
    amenities: { wifi: true, laptop_friendly: false },
    daysAgo: 10.1,
    photos: 1,
    likedBy: ['marcus_b', 'jkimbrews'],
  },
  {
    author: 'jkimbrews',
    place: 'second-shift-brew',
    order: 'Cold brew, 20 oz',
    details: { kind: 'cold_brew', temperature: 'iced', milk: 'none' },
    review: 'Decent, but a bit watery by the end. The people-watching on Division Street makes up for it.',
    rating: 3,
    drink: 'cold-brew',
    amenities: { wifi: true, outlets: true, outdoor_seating: true },
    daysAgo: 11,
    photos: 1,
    likedBy: [],
  },
  {
    author: 'priya.chai',
    place: 'plum-blossom-tea',
    order: 'Jasmine green tea, pot for one',
    details: { kind: 'green_tea', temperature: 'hot', milk: 'none', sweetness: 0 },
    review: 'Delicate and fragrant, and they time the steep for you. A lovely study break after dim sum on Wentworth.',
    rating: 5,
    drink: 'tea',
    amenities: { wifi: true, outlets: false, quiet: true },
    daysAgo: 11.8,
    photos: 2,
    likedBy: ['averytea', 'ewalsh'],
  },
  {
    author: 'marcus_b',
    place: 'switchyard-coffee',
    order: 'Latte, 12 oz',
    details: { kind: 'latte', temperature: 'hot', milk: 'whole' },
    review: 'Fine but forgettable; the milk was steamed too hot. Convenient if your train gets into Union Station.',
    rating: 3,
    drink: 'coffee',
    amenities: { wifi: true, outlets: true, laptop_friendly: false },
    daysAgo: 12.5,
    photos: 1,
    likedBy: [],
    comments: [{ author: 'noah_drip', body: 'Ask for it at kid temp, they get it right then.', hoursAfterPost: 6 }],
  },
  {
    author: 'ewalsh',
    place: 'two-cranes-boba',
    order: 'Jasmine milk tea with boba, less ice',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 50, toppings: ['tapioca_pearls'] },
    review: 'Light and floral with perfectly chewy pearls. I will be back after my next long run along the boulevards.',
    rating: 4,
    drink: 'boba',
    daysAgo: 13.2,
    photos: 1,
    likedBy: ['sofi.boba'],
  },
  {
    author: 'averytea',
    place: 'plum-blossom-tea',
    order: 'Aged pu-erh, gongfu service',
    review: 'Earthy and deep, and the staff clearly know their teas. They even sold me a few grams to take home.',
    rating: 5,
    drink: 'tea',
    amenities: { quiet: true, restroom: true },
    daysAgo: 14,
    photos: 3,
    likedBy: ['priya.chai', 'mayasips', 'ewalsh'],
  },
  {
    author: 'noah_drip',
    place: 'tinplate-roasters',
    order: 'Vanilla latte, 16 oz',
    details: { kind: 'latte', temperature: 'hot', milk: 'whole', sweetness: 50 },
    review: 'Too sweet for me, and I waited 15 minutes on a quiet afternoon. The espresso itself seemed good.',
    rating: 2,
    drink: 'coffee',
    amenities: { wifi: false, outlets: true, laptop_friendly: true },
    daysAgo: 15.2,
    photos: 1,
    likedBy: [],
    comments: [{ author: 'jkimbrews', body: 'Skip the syrups there, their straight espresso drinks are the move.', hoursAfterPost: 8 }],
  },
  {
    author: 'mayasips',
    place: 'gantry-cold-brew',
    order: 'Cold brew tonic with an orange slice',
    review: 'Sounds weird, tastes amazing. Fizzy, bitter and citrusy, perfect for a hot afternoon walking around Fulton Market.',
    rating: 5,
    drink: 'cold-brew',
    amenities: { outdoor_seating: true, dog_friendly: true },
    daysAgo: 16.4,
    photos: 2,
    likedBy: ['jkimbrews', 'sofi.boba', 'ewalsh', 'marcus_b'],
  },
  {
    author: 'sofi.boba',
    place: 'tapioca-tide',
    order: 'Classic milk tea with pearls and pudding',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 50, toppings: ['tapioca_pearls', 'pudding'] },
    review: 'Reliable as always. The egg pudding is silky and the tea is properly strong. My after-work Chinatown ritual.',
    rating: 5,
    drink: 'boba',
    amenities: { indoor_seating: true, vegan_food: false },
    daysAgo: 17,
    photos: 1,
    likedBy: ['noah_drip', 'averytea'],
  },
  {
    author: 'jkimbrews',
    place: 'eagle-column-coffee',
    order: 'Espresso tonic, 12 oz',
    review: 'Bright, bubbly and a great pick-me-up halfway along my ride down Milwaukee. They use a natural Ethiopian for it.',
    rating: 4,
    drink: 'cold-brew',
    amenities: { wifi: true, step_free: true },
    daysAgo: 18.5,
    photos: 1,
    likedBy: ['mayasips'],
  },
  {
    author: 'priya.chai',
    place: 'piloncillo-chai',
    order: 'Cardamom chai, 8 oz, and a concha',
    details: { kind: 'chai', temperature: 'hot', milk: 'whole' },
    review: "The cardamom chai tastes like my grandmother's kitchen, and the conchas come from the bakery down the block. They sell out by noon, so go early.",
    rating: 5,
    drink: 'tea',
    daysAgo: 19.6,
    photos: 2,
    likedBy: ['sofi.boba', 'averytea', 'mayasips'],
    comments: [{ author: 'averytea', body: 'Noted. Going early on Saturday!', hoursAfterPost: 3 }],
  },
  {
    author: 'marcus_b',
    place: 'drawbridge-coffee',
    order: 'Cortado, 6 oz',
    details: { kind: 'cortado', temperature: 'hot', milk: 'whole' },
    review: 'Solid cortado, friendly staff and a good soundtrack. Seating fills up fast at lunch with the River North office crowd.',
    rating: 4,
    drink: 'coffee',
    amenities: { laptop_friendly: false, indoor_seating: true },
    daysAgo: 21,
    photos: 1,
    likedBy: ['mayasips'],
  },
  {
    author: 'ewalsh',
    place: 'green-lotus-matcha',
    order: 'Hot matcha latte, 12 oz',
    details: { kind: 'matcha', temperature: 'hot', milk: 'whole' },
    review: 'Earthy, creamy and beautifully whisked. A calm start before work.',
    rating: 4,
    drink: 'matcha',
    daysAgo: 22.3,
    photos: 1,
    likedBy: ['averytea'],
  },
  {
    author: 'averytea',
    place: 'oriel-tea-and-boba',
    order: 'Roasted oolong milk tea with pearls, 25% sweet',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 25, toppings: ['tapioca_pearls'] },
    review: 'Finally a boba shop that lets the tea shine. Toasty oolong with just a hint of sweetness.',
    rating: 4,
    drink: 'boba',
    amenities: { wifi: true, laptop_friendly: true, quiet: true },
    daysAgo: 24.1,
    photos: 2,
    likedBy: ['sofi.boba', 'priya.chai'],
  },
  {
    author: 'noah_drip',
    place: 'mural-wall-coffee',
    order: 'Cappuccino, 8 oz',
    details: { kind: 'cappuccino', temperature: 'hot', milk: 'whole' },
    review: 'Good foam and decent espresso, but the Wi-Fi is spotty in the back. Fine for a couple of hours of coding, and the murals outside are worth the trip.',
    rating: 3,
    drink: 'coffee',
    amenities: { wifi: false, outlets: true, laptop_friendly: true },
    daysAgo: 26,
    photos: 1,
    likedBy: [],
  },
  {
    author: 'mayasips',
    place: 'ledger-and-leaf',
    order: 'Chai latte, 12 oz',
    details: { kind: 'chai', temperature: 'hot', milk: 'whole' },
    review: 'Too much syrup and not enough spice for me. Their loose-leaf teas are much better than this.',
    rating: 2,
    drink: 'tea',
    amenities: { indoor_seating: true, dairy_free_milks: true },
    daysAgo: 28.2,
    photos: 1,
    likedBy: [],
    comments: [{ author: 'priya.chai', body: 'Piloncillo Chai on 18th Street does the real thing, you would love it.', hoursAfterPost: 2.5 }],
  },
  {
    author: 'jkimbrews',
    place: 'second-shift-brew',
    order: 'Vietnamese-style cold brew with condensed milk',
    review: 'Sweet, strong and exactly what a muggy Chicago July afternoon calls for.',
    rating: 5,
    drink: 'cold-brew',
    amenities: { wifi: true, outlets: true, laptop_friendly: true },
    daysAgo: 30.5,
    photos: 2,
    likedBy: ['noah_drip', 'marcus_b', 'sofi.boba'],
  },
  {
    author: 'sofi.boba',
    place: 'hollow-moon-boba',
    order: 'Brown sugar oolong milk tea with pearls',
    details: { kind: 'brown_sugar', temperature: 'iced', toppings: ['tapioca_pearls'] },
    review: 'A creative combo that works. The brown sugar syrup is made in-house and not too cloying.',
    rating: 4,
    drink: 'boba',
    daysAgo: 33,
    photos: 1,
    likedBy: ['ewalsh'],
  },
  {
    author: 'priya.chai',
    place: 'magnolia-leaf-matcha',
    order: 'Iced matcha latte with oat milk, 12 oz',
    details: { kind: 'matcha', temperature: 'iced', milk: 'oat' },
    review: 'Pretty layers and a strong matcha flavour. A bit expensive, but a nice treat on the walk from the Green Line.',
    rating: 4,
    drink: 'matcha',
    amenities: { step_free: false, dairy_free_milks: true },
    daysAgo: 36.4,
    photos: 2,
    likedBy: ['ewalsh', 'averytea'],
  },
  {
    author: 'marcus_b',
    place: 'tinplate-roasters',
    order: 'Flat white with whole milk, 8 oz',
    details: { kind: 'flat_white', temperature: 'hot', milk: 'whole' },
    review: 'The best flat white west of the river, hands down. Consistent every single time.',
    rating: 5,
    drink: 'coffee',
    amenities: { wifi: true, laptop_friendly: true },
    daysAgo: 40,
    photos: 1,
    likedBy: ['jkimbrews', 'mayasips', 'noah_drip'],
  },
  {
    author: 'averytea',
    place: 'painted-egg-tea',
    order: 'Linden blossom tea from the samovar, 12 oz',
    review: 'Pleasant but a bit weak for my taste. Cosy corner seats, though, and the painted eggs in the window are beautiful.',
    rating: 3,
    drink: 'tea',
    amenities: { quiet: true, indoor_seating: true },
    daysAgo: 44.5,
    photos: 1,
    likedBy: [],
  },
  {
    author: 'ewalsh',
    place: 'brass-horn-coffee',
    order: 'Cold brew with oat milk, 16 oz',
    details: { kind: 'cold_brew', temperature: 'iced', milk: 'oat' },
    review: 'Smooth and chocolatey, and there is a water bowl for dogs outside. Perfect after a run on the Lakefront Trail.',
    rating: 5,
    drink: 'cold-brew',
    amenities: { outdoor_seating: true, dog_friendly: true, dairy_free_milks: true },
    daysAgo: 50.2,
    photos: 2,
    likedBy: ['mayasips', 'jkimbrews'],
  },
  {
    author: 'noah_drip',
    place: 'pedway-pearl',
    order: 'Classic milk tea with boba, 50% sweet',
    details: { kind: 'classic_milk_tea', temperature: 'iced', sweetness: 50, toppings: ['tapioca_pearls'] },
    review: 'Good value and quick service, and handy when the Pedway keeps you out of the wind. The pearls could be a little chewier.',
    rating: 3,
    drink: 'boba',
    amenities: { wifi: true, quiet: true },
    daysAgo: 56.8,
    photos: 1,
    likedBy: ['sofi.boba'],
  },
];

/** [follower, followee] */
export const DEMO_USER_FOLLOWS: readonly (readonly [DemoUsername, DemoUsername])[] = [
  ['mayasips', 'jkimbrews'],
  ['mayasips', 'marcus_b'],
  ['mayasips', 'averytea'],
  ['mayasips', 'sofi.boba'],
  ['jkimbrews', 'mayasips'],
  ['jkimbrews', 'marcus_b'],
  ['jkimbrews', 'ewalsh'],
  ['priya.chai', 'averytea'],
  ['priya.chai', 'sofi.boba'],
  ['priya.chai', 'mayasips'],
  ['marcus_b', 'mayasips'],
  ['marcus_b', 'jkimbrews'],
  ['marcus_b', 'noah_drip'],
  ['sofi.boba', 'priya.chai'],
  ['sofi.boba', 'mayasips'],
  ['sofi.boba', 'ewalsh'],
  ['sofi.boba', 'noah_drip'],
  ['ewalsh', 'jkimbrews'],
  ['ewalsh', 'averytea'],
  ['averytea', 'priya.chai'],
  ['averytea', 'mayasips'],
  ['noah_drip', 'marcus_b'],
  ['noah_drip', 'sofi.boba'],
  ['noah_drip', 'jkimbrews'],
];

/** [follower, place]: mostly the places people review, plus one near home that has no reviews yet. */
export const DEMO_PLACE_FOLLOWS: readonly (readonly [DemoUsername, DemoPlaceKey])[] = [
  ['mayasips', 'triangle-roasters'],
  ['mayasips', 'ironwork-espresso'],
  ['mayasips', 'gantry-cold-brew'],
  ['jkimbrews', 'gantry-cold-brew'],
  ['jkimbrews', 'tinplate-roasters'],
  ['priya.chai', 'piloncillo-chai'],
  ['priya.chai', 'marginalia-coffee'],
  ['priya.chai', 'plum-blossom-tea'],
  ['marcus_b', 'tinplate-roasters'],
  ['marcus_b', 'ironwork-espresso'],
  ['sofi.boba', 'lantern-leaf-boba'],
  ['sofi.boba', 'hollow-moon-boba'],
  ['sofi.boba', 'tapioca-tide'],
  ['ewalsh', 'green-lotus-matcha'],
  ['ewalsh', 'fern-house-tea'],
  ['averytea', 'hearth-and-oolong'],
  ['averytea', 'plum-blossom-tea'],
  ['averytea', 'matcha-meridian'],
  ['noah_drip', 'ink-and-crema'],
];
