// The tz database abbreviations as the zone clock (timeZone.ts) reads them from Intl: which locales to ask, which of
// their letters to take, and the numeric form for zones without letters (docs/api.md §4.1 row 27).

/*
 * Abbreviations. Neither luxon nor Intl exposes the tz database's own abbreviations; Intl only has CLDR's short
 * names, which are localised: each locale spells letters only for the zones "commonly used" in its region and
 * writes `GMT+3` for the rest. So we ask a few locales in turn, keep the first purely alphabetic answer, and
 * otherwise write the offset the way the tz database does for zones without letters (`+03`, `+0530`, `-03`).
 *
 * The locales and exclusions below were chosen by comparing every Intl zone in January and July 2026 with tzdata
 * 2025b (`date +%Z`): 792 of 836 agree. What remains approximate (we write the numeric form, or CLDR's letters):
 * - letters no locale we tried (~600 language-region pairs) gives: MSK (Europe/Moscow, Simferopol, Volgograd,
 *   Kirov), KST (Asia/Seoul, Pyongyang), CST (Asia/Shanghai, Taipei, Macau; America/Havana also CDT), IST/IDT
 *   (Asia/Jerusalem), PKT (Asia/Karachi), PST (Asia/Manila), SST (Pacific/Pago_Pago, Midway), MST
 *   (America/Mazatlan, Hermosillo, Whitehorse, Dawson), BST for London's aliases (Europe/Jersey, Guernsey,
 *   Isle_of_Man);
 * - CLDR letters the database does not use: AWST for Antarctica/Casey (+08), GMT for Antarctica/Troll (+00);
 * - the runtime's ICU data decides, so a different Node build or a future CLDR may move zones either way, and
 *   dates long before CLDR's metazone history start may get modern names.
 */

/** Locales consulted in order; `zones` (lower-cased) limits one to the zones where its letters match the database. */
export const ABBREVIATION_LOCALES: readonly { locale: string; zones?: readonly string[] }[] = [
  { locale: 'en-US' }, // the Americas and Hawaii: EST, CDT, AKST, HST, AST, NST…
  { locale: 'en-GB' }, // Europe and North Africa: GMT, BST, CET, CEST, EET, EEST, WET…
  { locale: 'en-AU' }, // AEST, AEDT, ACST, ACDT, AWST
  { locale: 'en-NZ' }, // NZST, NZDT
  { locale: 'en-IE' }, // IST for Europe/Dublin in summer
  { locale: 'en-ZA' }, // SAST, CAT, EAT, WAT
  { locale: 'en-HK' }, // HKT
  { locale: 'ja-JP' }, // JST
  { locale: 'id-ID' }, // WIB, WITA, WIT
  { locale: 'en-GU' }, // ChST for Pacific/Guam
  // en-IN also writes IST for Asia/Colombo, which the database writes +0530.
  { locale: 'en-IN', zones: ['asia/kolkata', 'asia/calcutta'] },
];

/** CLDR letters the tz database never uses (it writes the numeric form there, e.g. `+04` for Asia/Dubai). */
export const NOT_IN_DATABASE = new Set(['GST', 'ACWST', 'LHST', 'LHDT', 'CHAST', 'CHADT', 'PMST', 'PMDT']);

/** CLDR spellings the tz database writes differently (America/Adak). */
export const DATABASE_SPELLING: Readonly<Record<string, string>> = { HAST: 'HST', HADT: 'HDT' };

/** The tz database's form for a zone without letters: `+03`, `+0530`, `-0930`. */
export function numericAbbreviation(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  const hours = String(Math.floor(magnitude / 60)).padStart(2, '0');
  const minutes = magnitude % 60;
  return minutes === 0 ? `${sign}${hours}` : `${sign}${hours}${String(minutes).padStart(2, '0')}`;
}
