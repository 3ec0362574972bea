import type en from './locales/en';

export type Resources = typeof en;

/** The sections every locale must carry in full (the menu, the shell, and what the API's codes say); the rest falls back to English. */
export const REQUIRED_SECTIONS = ['menu', 'shell', 'status', 'issues', 'errorCodes'] as const;
export type RequiredSection = (typeof REQUIRED_SECTIONS)[number];

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type LocaleResources = { [S in RequiredSection]: Record<keyof Resources[S], string> } & DeepPartial<Omit<Resources, RequiredSection>>;
