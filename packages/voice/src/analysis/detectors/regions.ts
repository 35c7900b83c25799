// Which numbering plans a phone number said without a country code is checked against.
// A national number ("055 123 4567") means nothing without a country: the same digits are a
// mobile in Saudi Arabia and nothing in the US. The session's languages name the countries
// its speakers are most likely in ("ar-SA" → SA, "en-GB" → GB; a bare "ar" → the region
// CLDR's likely-subtags data gives it, EG).

/**
 * Regions assumed when the caller names no language: the markets of an Arabic/English
 * assistant (Saudi Arabia, the UAE, Egypt) and the two English ones. Kept short on purpose:
 * every region added makes more random digit runs valid somewhere (8-digit Gulf plans
 * accept most 8-digit numbers).
 */
export const DEFAULT_PHONE_REGIONS: readonly string[] = ['SA', 'AE', 'EG', 'US', 'GB'];

/**
 * ISO 3166 regions of BCP 47 locales, in order, without repeats. A locale without a region
 * gets its likely one; a malformed tag is skipped. No usable locale → the defaults.
 */
export function phoneRegions(languages: readonly string[] | undefined): readonly string[] {
  const regions: string[] = [];
  for (const tag of languages ?? []) {
    const region = regionOf(tag);
    if (region !== undefined && !regions.includes(region)) regions.push(region);
  }
  for (const region of DEFAULT_PHONE_REGIONS) if (!regions.includes(region)) regions.push(region);
  return regions;
}

// Sessions use a handful of tags, and maximize() costs more than the rest of a short
// transcript's detection; the cache is cleared if a client sends many different tags.
const REGION_CACHE_LIMIT = 256;
const regionCache = new Map<string, string | undefined>();

function regionOf(tag: string): string | undefined {
  if (regionCache.has(tag)) return regionCache.get(tag);
  let region: string | undefined;
  try {
    region = new Intl.Locale(tag).maximize().region;
  } catch {
    region = undefined; // not a BCP 47 tag
  }
  if (region !== undefined && !/^[A-Z]{2}$/.test(region)) region = undefined; // e.g. 419
  if (regionCache.size >= REGION_CACHE_LIMIT) regionCache.clear();
  regionCache.set(tag, region);
  return region;
}
