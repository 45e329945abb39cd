/**
 * Shipping zones from ZIP codes — an approximation of the carriers' zone charts.
 *
 * USPS (and, closely, UPS and FedEx) set the zone between two ZIP codes from the distance
 * between the sectional center facilities of their 3-digit prefixes: zone 1 up to 50 miles,
 * 2 up to 150, 3 up to 300, 4 up to 600, 5 up to 1000, 6 up to 1400, 7 up to 1800, 8 beyond
 * (USPS "Zone Charts", Postal Explorer). We do the same with a coarse map: each 3-digit prefix
 * belongs to the range below that starts at or before it, and takes the approximate latitude /
 * longitude of that range's main city (a sectional center or its region — a state, or part of
 * a large state). Distances are great-circle miles between those points. Two prefixes of the
 * same range are zone 1; within a state the zone can be one off the real chart; across the
 * country it matches it.
 *
 * The ranges follow the ZIP prefix allocation by state (010–027 Massachusetts, 100–149 New
 * York…). Military prefixes (090–099 AE, 340 AA, 962–966 AP) are placed at their gateway
 * cities (New York, Miami, San Francisco). Unassigned prefixes fall in the range before them.
 */

/** [first 3-digit prefix of the range, latitude, longitude, where]. Sorted by prefix. */
const PREFIX_RANGES: readonly (readonly [number, number, number, string])[] = [
  [0, 40.8, -73.0, 'Holtsville NY'],
  [6, 18.4, -66.1, 'San Juan PR'],
  [10, 42.1, -72.6, 'Springfield MA'],
  [14, 42.3, -71.8, 'Worcester MA'],
  [18, 42.4, -71.1, 'Boston MA'],
  [28, 41.8, -71.4, 'Providence RI'],
  [30, 43.0, -71.5, 'Manchester NH'],
  [39, 44.3, -69.8, 'Augusta ME'],
  [50, 44.3, -72.6, 'Montpelier VT'],
  [60, 41.7, -72.7, 'Hartford CT'],
  [70, 40.7, -74.2, 'Newark NJ'],
  [80, 40.0, -74.8, 'Trenton NJ'],
  [90, 40.7, -74.0, 'New York NY (APO/FPO AE)'],
  [100, 40.75, -74.0, 'New York NY'],
  [105, 41.0, -73.8, 'White Plains NY'],
  [110, 40.7, -73.6, 'Long Island NY'],
  [120, 42.7, -73.8, 'Albany NY'],
  [130, 43.0, -76.1, 'Syracuse NY'],
  [140, 42.9, -78.9, 'Buffalo NY'],
  [150, 40.4, -80.0, 'Pittsburgh PA'],
  [160, 41.1, -79.7, 'Western PA'],
  [170, 40.3, -76.9, 'Harrisburg PA'],
  [180, 40.6, -75.5, 'Allentown PA'],
  [190, 40.0, -75.2, 'Philadelphia PA'],
  [197, 39.7, -75.5, 'Wilmington DE'],
  [200, 38.9, -77.0, 'Washington DC'],
  [206, 39.3, -76.6, 'Baltimore MD'],
  [220, 38.8, -77.2, 'Northern VA'],
  [224, 37.5, -77.4, 'Richmond VA'],
  [240, 37.3, -79.9, 'Roanoke VA'],
  [247, 38.4, -81.6, 'Charleston WV'],
  [270, 36.0, -79.4, 'Greensboro NC'],
  [280, 35.2, -80.8, 'Charlotte NC'],
  [290, 34.0, -81.0, 'Columbia SC'],
  [300, 33.75, -84.4, 'Atlanta GA'],
  [314, 32.1, -81.1, 'Savannah GA'],
  [320, 30.3, -81.7, 'Jacksonville FL'],
  [324, 30.4, -85.6, 'Panama City FL'],
  [326, 29.7, -82.3, 'Gainesville FL'],
  [327, 28.5, -81.4, 'Orlando FL'],
  [330, 25.8, -80.2, 'Miami FL'],
  [335, 28.0, -82.5, 'Tampa FL'],
  [340, 25.8, -80.2, 'Miami FL (APO/FPO AA)'],
  [341, 26.6, -81.9, 'Fort Myers FL'],
  [350, 33.5, -86.8, 'Birmingham AL'],
  [360, 32.4, -86.3, 'Montgomery AL'],
  [370, 36.2, -86.8, 'Nashville TN'],
  [376, 36.0, -83.9, 'Knoxville TN'],
  [380, 35.1, -90.0, 'Memphis TN'],
  [386, 32.3, -90.2, 'Jackson MS'],
  [398, 31.6, -84.2, 'Albany GA'],
  [400, 38.25, -85.8, 'Louisville KY'],
  [410, 38.0, -84.5, 'Lexington KY'],
  [430, 40.0, -83.0, 'Columbus OH'],
  [434, 41.65, -83.55, 'Toledo OH'],
  [437, 39.9, -82.0, 'Zanesville OH'],
  [440, 41.5, -81.7, 'Cleveland OH'],
  [450, 39.1, -84.5, 'Cincinnati OH'],
  [460, 39.8, -86.15, 'Indianapolis IN'],
  [470, 38.3, -85.8, 'Southern IN'],
  [480, 42.35, -83.05, 'Detroit MI'],
  [490, 42.95, -85.7, 'Grand Rapids MI'],
  [500, 41.6, -93.6, 'Des Moines IA'],
  [530, 43.05, -87.95, 'Milwaukee WI'],
  [537, 43.1, -89.4, 'Madison WI'],
  [550, 44.95, -93.2, 'Minneapolis MN'],
  [570, 43.55, -96.7, 'Sioux Falls SD'],
  [580, 46.9, -96.8, 'Fargo ND'],
  [590, 46.6, -112.0, 'Helena MT'],
  [600, 41.85, -87.65, 'Chicago IL'],
  [610, 40.7, -89.6, 'Peoria IL'],
  [620, 38.6, -89.9, 'Southern IL'],
  [630, 38.6, -90.2, 'St. Louis MO'],
  [640, 39.1, -94.6, 'Kansas City MO'],
  [650, 38.6, -92.2, 'Jefferson City MO'],
  [656, 37.2, -93.3, 'Springfield MO'],
  [660, 39.05, -95.7, 'Topeka KS'],
  [670, 37.7, -97.3, 'Wichita KS'],
  [680, 41.25, -96.0, 'Omaha NE'],
  [690, 41.1, -100.8, 'North Platte NE'],
  [700, 29.95, -90.1, 'New Orleans LA'],
  [707, 30.45, -91.15, 'Baton Rouge LA'],
  [710, 32.5, -93.75, 'Shreveport LA'],
  [716, 34.75, -92.3, 'Little Rock AR'],
  [730, 35.45, -97.5, 'Oklahoma City OK'],
  [740, 36.15, -95.95, 'Tulsa OK'],
  [750, 32.8, -96.8, 'Dallas TX'],
  [760, 32.75, -97.3, 'Fort Worth TX'],
  [770, 29.75, -95.35, 'Houston TX'],
  [780, 29.4, -98.5, 'San Antonio TX'],
  [786, 30.25, -97.75, 'Austin TX'],
  [790, 35.2, -101.85, 'Amarillo TX'],
  [793, 33.6, -101.85, 'Lubbock TX'],
  [798, 31.75, -106.5, 'El Paso TX'],
  [800, 39.75, -105.0, 'Denver CO'],
  [810, 38.25, -104.6, 'Pueblo CO'],
  [815, 39.05, -108.55, 'Grand Junction CO'],
  [820, 41.15, -104.8, 'Cheyenne WY'],
  [824, 42.85, -106.3, 'Casper WY'],
  [832, 43.6, -116.2, 'Boise ID'],
  [840, 40.75, -111.9, 'Salt Lake City UT'],
  [850, 33.45, -112.05, 'Phoenix AZ'],
  [856, 32.2, -110.95, 'Tucson AZ'],
  [860, 35.2, -111.65, 'Flagstaff AZ'],
  [870, 35.1, -106.6, 'Albuquerque NM'],
  [880, 32.3, -106.75, 'Las Cruces NM'],
  [885, 31.75, -106.5, 'El Paso TX'],
  [889, 36.15, -115.15, 'Las Vegas NV'],
  [893, 39.5, -119.8, 'Reno NV'],
  [900, 34.05, -118.25, 'Los Angeles CA'],
  [919, 32.7, -117.15, 'San Diego CA'],
  [922, 33.95, -117.4, 'Riverside CA'],
  [926, 33.75, -117.85, 'Santa Ana CA'],
  [930, 34.3, -119.2, 'Ventura CA'],
  [932, 35.35, -119.0, 'Bakersfield CA'],
  [936, 36.75, -119.8, 'Fresno CA'],
  [939, 36.6, -121.9, 'Monterey CA'],
  [940, 37.6, -122.3, 'San Francisco Bay CA'],
  [950, 37.35, -121.9, 'San Jose CA'],
  [952, 37.95, -121.3, 'Stockton CA'],
  [954, 38.45, -122.7, 'Santa Rosa CA'],
  [956, 38.6, -121.5, 'Sacramento CA'],
  [960, 40.6, -122.4, 'Redding CA'],
  [962, 37.6, -122.3, 'San Francisco CA (APO/FPO AP)'],
  [967, 21.3, -157.85, 'Honolulu HI'],
  [969, 13.45, 144.75, 'Guam'],
  [970, 45.5, -122.65, 'Portland OR'],
  [974, 44.05, -123.1, 'Eugene OR'],
  [977, 44.05, -121.3, 'Bend OR'],
  [980, 47.6, -122.3, 'Seattle WA'],
  [988, 47.4, -120.3, 'Wenatchee WA'],
  [990, 47.65, -117.4, 'Spokane WA'],
  [995, 61.2, -149.9, 'Anchorage AK'],
];

export interface PrefixPlace {
  latitude: number;
  longitude: number;
  place: string;
}

/** The approximate location of a 5-digit ZIP code's 3-digit prefix. */
export function placeOfZip(zip: string): PrefixPlace {
  const prefix = Number(zip.slice(0, 3));
  let found = PREFIX_RANGES[0]!;
  for (const range of PREFIX_RANGES) {
    if (range[0] > prefix) break;
    found = range;
  }
  return { latitude: found[1], longitude: found[2], place: found[3] };
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: PrefixPlace, b: PrefixPlace): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Upper distance (miles) of zones 1–7, from the USPS zone chart definition; farther is zone 8. */
const ZONE_LIMITS_MILES = [50, 150, 300, 600, 1000, 1400, 1800] as const;

export type Zone = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export function zoneForMiles(miles: number): Zone {
  const i = ZONE_LIMITS_MILES.findIndex((limit) => miles <= limit);
  return (i === -1 ? 8 : i + 1) as Zone;
}

/** The zone between two 5-digit ZIP codes (validated by the caller). */
export function zoneBetween(fromZip: string, toZip: string): { zone: Zone; miles: number } {
  const miles = milesBetween(placeOfZip(fromZip), placeOfZip(toZip));
  return { zone: zoneForMiles(miles), miles };
}
