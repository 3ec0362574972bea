import i18next from 'i18next';

/**
 * "Email must be a valid email address": a field's message reads after the field's label, joined
 * as the member's language joins them (`issueLine`).
 */
export const fieldMessage = (label: string, message?: string) =>
  message ? (i18next.isInitialized ? i18next.t('issueLine', { label, message, defaultValue: `${label} ${message}` }) : `${label} ${message}`) : undefined;
