/** "Email must be a valid email address": the contract's messages read after the field's label. */
export const fieldMessage = (label: string, message?: string) => (message ? `${label} ${message}` : undefined);
