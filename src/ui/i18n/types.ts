import type en from './locales/en';

export type Resources = typeof en;

/** The sections every locale must carry in full (the menu, the shell, and what the API's codes say); the rest falls back to English. */
export const REQUIRED_SECTIONS = ['menu', 'shell', 'status', 'issues', 'errorCodes'] as const;
export type RequiredSection = (typeof REQUIRED_SECTIONS)[number];

/** CLDR's plural categories: English uses `one` and `other`; Arabic all six. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/**
 * A section of a locale: any key of English's, and for each plural key English writes as
 * `x_one`/`x_other`, whichever of `x_zero` … `x_other` the language's plural rules use.
 */
type Localized<T> = {
  [K in keyof T as K extends `${infer Base}_${'one' | 'other'}` ? `${Base}_${PluralCategory}` : K]?: T[K] extends object ? Localized<T[K]> : string;
};

/**
 * Keys of the required sections added since the last translation round: English and Arabic carry
 * them (the locales test checks), the other languages show English until their translators add
 * them, and then the key leaves this list.
 */
export const AWAITING_TRANSLATION = {
  errorCodes: ['DATABASE_UNAVAILABLE', 'TOTAL_TOO_LARGE'],
  issues: ['required_destination', 'forbiddenAddress', 'beforeBooksStart', 'dateOrder_entry'],
} as const satisfies Partial<Record<RequiredSection, readonly string[]>>;

/** Arabic is kept complete with English; the other languages may lack what awaits translation. */
export const COMPLETE_LOCALES = ['en', 'ae'] as const;

type Awaiting<S extends RequiredSection> = S extends keyof typeof AWAITING_TRANSLATION ? (typeof AWAITING_TRANSLATION)[S][number] : never;

export type LocaleResources = {
  [S in RequiredSection]: Record<Exclude<keyof Resources[S], Awaiting<S>>, string> & Partial<Record<Extract<keyof Resources[S], Awaiting<S>>, string>>;
} & Localized<Omit<Resources, RequiredSection>>;
