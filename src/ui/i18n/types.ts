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

export type LocaleResources = { [S in RequiredSection]: Record<keyof Resources[S], string> } & Localized<Omit<Resources, RequiredSection>>;

/**
 * A language's complete translation of an English area file (`satisfies Translation<typeof en>`):
 * every key English has, and for each plural key (`x_one`/`x_other`) the forms the language's
 * plural rules use: `x_other` always, `x_zero` … `x_many` as the language needs them.
 */
export type Translation<T> = {
  [K in keyof T & string as K extends `${string}_${'one' | 'other'}` ? never : K]: T[K] extends object ? Translation<T[K]> : string;
} & {
  [K in keyof T & string as K extends `${infer Base}_other` ? `${Base}_other` : never]: string;
} & {
  [K in keyof T & string as K extends `${infer Base}_one` ? `${Base}_${Exclude<PluralCategory, 'other'>}` : never]?: string;
};
