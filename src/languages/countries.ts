// Countries the screening reader knows by code: one shared list, each
// language's record names them in its own words (`screening.countries`).

/**
 * Where a national of one may work in any other without a permit: the EU, the rest of the EEA (Iceland,
 * Liechtenstein, Norway) and Switzerland by its agreement on the free movement of persons.
 */
export const FREE_MOVEMENT_COUNTRIES = [
  'at',
  'be',
  'bg',
  'hr',
  'cy',
  'cz',
  'dk',
  'ee',
  'fi',
  'fr',
  'de',
  'gr',
  'hu',
  'ie',
  'it',
  'lv',
  'lt',
  'lu',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'si',
  'es',
  'se',
  'is',
  'li',
  'no',
  'ch',
] as const;

/** Other countries criteria name: their nationals, permits and (for the US) birthplaces are read too. */
export const OTHER_COUNTRIES = ['us', 'ca', 'gb', 'in', 'ae'] as const;

export type CountryCode = (typeof FREE_MOVEMENT_COUNTRIES)[number] | (typeof OTHER_COUNTRIES)[number];

/** The Common Travel Area: a national of either may work in the other (an Irish citizen in the UK, a British one in Ireland). */
export const COMMON_TRAVEL_AREA: readonly CountryCode[] = ['gb', 'ie'];

/** Where being born makes one a citizen, whoever one's parents are (birthright citizenship). */
export const BIRTHRIGHT_COUNTRIES: readonly CountryCode[] = ['us', 'ca'];

/**
 * One country in one language, each field `|`-separated: the names it goes by ("Österreich"); what its nationals are
 * called, every form (m/f, noun and adjective: "Österreicher|Österreicherin|österreichisch", an inflected ending of up
 * to two letters is read as the same word); places in it whose birth makes a national (the US states); permits it
 * grants that are the right to work there ("OCI card" for India).
 */
export interface CountryWords {
  names: string;
  nationals: string;
  regions?: string;
  permits?: string;
}

export type CountryTable = Readonly<Partial<Record<CountryCode, CountryWords>>>;
