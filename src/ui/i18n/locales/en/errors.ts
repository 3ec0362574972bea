import type { ErrorCode, IssueCode } from '../../../../api/common/issues';

/** Rules with words of their own (an issue's `params.rule`, or `params.after` for dates in order). */
type Worded = `required_${'lost' | 'rescheduled' | 'newPassword'}` | `dateOrder_${'travelFrom' | 'joiningDate' | 'from'}` | 'tooFewItems_services';

/**
 * What the API's codes say, in this language (SPEC "Conventions": the web app shows the
 * translation of `code` with `params`). `issues`: what is wrong with one field, read after the
 * field's label (`issueLine`); `errorCodes`: a refusal as a whole, for toasts.
 */
const errors = {
  /** A field's issue read after its label: "Name is required". */
  issueLine: '{{label}} {{message}}',
  issues: {
    required: 'is required',
    required_lost: 'is required to mark a lead lost',
    required_rescheduled: 'is required when the follow-up is rescheduled',
    required_newPassword: 'is required to set a new password',
    invalidType: 'has the wrong kind of value',
    unknownField: 'is not a known field',
    tooShort: 'must be at least {{min}} characters',
    tooLong: 'must be at most {{max}} characters',
    tooFewItems: 'must have at least {{min}}',
    tooFewItems_services: 'must name at least one service',
    tooManyItems: 'must have at most {{max}}',
    duplicateItems: 'must not repeat a value',
    controlCharacters: 'must not contain control characters',
    invalidCharacters: 'contains characters that are not valid',
    invalidEmail: 'must be a valid email address',
    invalidPhone: 'must be a phone number',
    invalidId: 'is not a valid choice',
    invalidDate: 'must be a real date',
    invalidInstant: 'must be a real date and time',
    dateOutOfRange: 'must be between {{min}} and {{max}}',
    dateOrder: 'must not be before the start',
    dateOrder_travelFrom: 'must not be before the first travel day',
    dateOrder_joiningDate: 'must not be before the joining date',
    dateOrder_from: 'must not be before the start of the range',
    notInteger: 'must be a whole number',
    tooSmall: 'must be at least {{min}}',
    tooLarge: 'must be at most {{max}}',
    oneOf: 'must be one of: {{values}}',
    invalidFormat: 'is not in the expected format',
    noChange: 'must change at least one field',
    phoneOrEmail: 'is required when there is no email',
    invalidJson: 'is not valid JSON',
    taken: 'is already taken',
    unknownReference: 'does not exist',
    notActiveMember: 'must be an active member',
    notSalesMember: 'must be an active member of the sales department',
    inPast: 'must not be in the past',
    wrongPassword: 'is not your current password',
    malformedRow: 'is not a well-formed CSV row',
    unknownColumn: 'is not a known column',
    duplicateColumn: 'fills a field another column already fills',
    emptyFile: 'has no header line',
  },
  errorCodes: {
    VALIDATION_FAILED: 'Some values are not valid: check the fields marked.',
    INVALID_JSON: 'The request could not be read.',
    UNAUTHORIZED: 'Unauthorized! Please log in again.',
    INVALID_CREDENTIALS: 'Invalid email or password',
    INVALID_SECRET: 'The lead-capture secret is missing or wrong.',
    CSRF_REJECTED: 'The request was refused: it came from another site.',
    FORBIDDEN: 'You do not have permission to do this.',
    SUBSCRIPTION_READ_ONLY: 'The subscription has expired: the organization is read-only until it is renewed.',
    NOT_FOUND: 'This record does not exist or you cannot see it.',
    DUPLICATE: 'A record with these details already exists.',
    IN_USE: 'This record is still used by other records and cannot be deleted.',
    CONCURRENT_UPDATE: 'Someone changed this record at the same time: try again.',
    TRANSITION_NOT_ALLOWED: 'This is not allowed in the record’s current state.',
    LEAD_CLOSED: 'This lead is closed: reopen it first.',
    FOLLOW_UP_CLOSED: 'This follow-up already has a response.',
    SEAT_LIMIT: 'All {{seats}} seats of the subscription are taken: deactivate a member or add seats.',
    SELF_CHANGE: 'You cannot deactivate yourself or change your own role.',
    OWNER_ROLE_LOCKED: 'The Owner role always has every permission and cannot be changed.',
    VENDOR_HAS_TRANSACTIONS: 'This vendor has transactions and cannot be deleted: deactivate it instead.',
    STALE_VERSION: 'Someone else changed this record (version {{version}}): reload it and try again.',
    BODY_TOO_LARGE: 'What was sent is too large.',
    UNSUPPORTED_MEDIA_TYPE: 'This kind of file cannot be read here.',
    RATE_LIMITED: 'Too many requests: try again in {{retryAfter}} seconds.',
    TOO_MANY_ATTEMPTS: 'Too many sign-in attempts: try again in {{retryAfter}} seconds.',
    CONFLICT: 'This conflicts with the record’s current state.',
    INTERNAL: 'An unexpected error occurred.',
  },
} satisfies { issueLine: string; issues: Record<IssueCode | Worded, string>; errorCodes: Record<ErrorCode, string> };

export default errors;

