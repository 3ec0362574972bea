import * as v from 'valibot';

/**
 * What is wrong with one field, as a code with parameters (SPEC "Conventions": each issue is
 * `{ path, code, params, message }`). The English `message` is for API users; the web app shows
 * the translation of `code` with `params` (src/ui/i18n/locales/<lang>/errors.ts).
 */
export const ISSUE_CODES = [
  'required',
  'invalidType',
  'unknownField',
  'tooShort',
  'tooLong',
  'tooFewItems',
  'tooManyItems',
  'duplicateItems',
  'controlCharacters',
  'invalidCharacters',
  'invalidEmail',
  'invalidPhone',
  'invalidId',
  'invalidDate',
  'invalidMonth',
  'invalidInstant',
  'dateOutOfRange',
  'dateOrder',
  'notInteger',
  'tooSmall',
  'tooLarge',
  'oneOf',
  'invalidFormat',
  'noChange',
  'phoneOrEmail',
  'invalidJson',
  'taken',
  'unknownReference',
  'notActiveMember',
  'notSalesMember',
  'notInPlace',
  'inPast',
  'inFuture',
  'notInFuture',
  'splitMismatch',
  'wrongPassword',
  'malformedRow',
  'unknownColumn',
  'duplicateColumn',
  'emptyFile',
  'dateOrderUnknown',
  'timeRequired',
  'refusedByDatabase',
  'notUtf8',
  'notAllowedInState',
  'invalidForm',
  'fileTooLarge',
  'filesTooLarge',
  'contentMismatch',
  'imageTooLarge',
  'unreadableImage',
  'planTotal',
  'afterDeparture',
  'forbiddenAddress',
  'beforeBooksStart',
  'placeholderName',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export type IssueParams = Record<string, string | number | readonly (string | number)[]>;

export interface ApiIssue {
  /** The field, dotted from the body, query or params (`roomTypes.0.name`). */
  path: string;
  code: IssueCode;
  params: IssueParams;
  message: string;
}

/** What a valibot issue carries once a kit message stamped it. */
type StampedIssue = v.BaseIssue<unknown> & { code?: IssueCode; params?: IssueParams };

/**
 * A valibot message that also says its code (and parameters): the message function stamps the
 * issue it names, so the mapper reads the code from the schema piece, never from the English text.
 */
export function coded<TIssue extends v.BaseIssue<unknown>>(code: IssueCode, message: string, params: IssueParams = {}): (issue: TIssue) => string {
  return (issue) => {
    Object.assign(issue, { code, params });
    return message;
  };
}

/** Codes of valibot's own pieces, for issues no kit message stamped (a wrong type, an unknown key…). */
function codeOf(issue: StampedIssue): { code: IssueCode; params: IssueParams; message?: string } {
  if (issue.code) return { code: issue.code, params: issue.params ?? {} };
  if (issue.expected === 'never') return { code: 'unknownField', params: {}, message: 'is not a known field' };
  if (issue.received === 'undefined' && issue.kind === 'schema') return { code: 'required', params: {}, message: 'is required' };
  const requirement = (issue as { requirement?: unknown }).requirement;
  const n = typeof requirement === 'number' ? requirement : undefined;
  const list = Array.isArray(issue.input);
  switch (issue.type) {
    case 'min_length':
    case 'non_empty':
      return list ? { code: 'tooFewItems', params: { min: n ?? 1 } } : n === undefined || n <= 1 ? { code: 'required', params: {} } : { code: 'tooShort', params: { min: n } };
    case 'max_length':
      return list ? { code: 'tooManyItems', params: { max: n ?? 0 } } : { code: 'tooLong', params: { max: n ?? 0 } };
    case 'min_value':
      return { code: 'tooSmall', params: { min: n ?? 0 } };
    case 'max_value':
      return { code: 'tooLarge', params: { max: n ?? 0 } };
    case 'integer':
      return { code: 'notInteger', params: {} };
    case 'email':
      return { code: 'invalidEmail', params: {} };
    case 'uuid':
      return { code: 'invalidId', params: {} };
    case 'picklist':
    case 'literal':
      return { code: 'oneOf', params: { values: (issue.expected ?? '').split(' | ').map((x) => x.replace(/^"|"$/g, '')) } };
    case 'regex':
    case 'check':
    case 'custom':
      return { code: 'invalidFormat', params: {} };
    default:
      return { code: 'invalidType', params: { expected: issue.expected ?? '' } };
  }
}

/**
 * The one mapping from valibot issues to the API's issues (request validation and import rows).
 * A union that failed is reported through its closest option's issue, so `"abc"` for a list of ids
 * reads "must be a valid id" rather than "invalid type".
 */
export function toApiIssues(issues: readonly v.BaseIssue<unknown>[], fallbackPath: string): ApiIssue[] {
  return issues.map((raw) => {
    const outer = raw as StampedIssue;
    const inner = !outer.code && outer.type === 'union' && outer.issues?.length ? (outer.issues.find((i) => (i as StampedIssue).code) ?? outer) : outer;
    const { code, params, message } = codeOf(inner as StampedIssue);
    return { path: v.getDotPath(outer) || fallbackPath, code, params, message: message ?? inner.message };
  });
}

/** `name is required; email must be a valid email address` — the first few, for the error's message. */
export const issueSummary = (issues: readonly Pick<ApiIssue, 'path' | 'message'>[], max = 3) =>
  issues
    .slice(0, max)
    .map((i) => `${i.path} ${i.message}`)
    .join('; ') + (issues.length > max ? '; …' : '');

/** The codes of the API's refusals (the error's `code`); each has a translation in the web app. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'PERIOD_LOCKED',
  'TRIP_COMPLETED',
  'CANCELLATION_NOT_DECIDED',
  'VOUCHER_NOT_VOID',
  'VENDOR_REFUND_EXCEEDS_PAID',
  'BELOW_PAID',
  'PAYMENTS_PENDING',
  'CANCELLATION_OPEN',
  'BOOKING_NOT_CANCELLABLE',
  'QUOTE_CHANGED',
  'CREDIT_NOTE_OTHER_CUSTOMER',
  'CREDIT_NOTE_NOT_USABLE',
  'CREDIT_NOTE_INSUFFICIENT',
  'TARGET_EXISTS',
  'SALARY_PAID',
  'MEMBER_NOT_ACTIVE',
  'CURRENCY_LOCKED',
  'ACCOUNT_WOULD_GO_NEGATIVE',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'INVALID_SECRET',
  'CSRF_REJECTED',
  'FORBIDDEN',
  'SUBSCRIPTION_READ_ONLY',
  'SUBSCRIPTION_CANCELLED',
  'PLATFORM_ONLY',
  'INVITATION_INVALID',
  'INVITATION_NOT_RENEWABLE',
  'NOT_FOUND',
  'DUPLICATE',
  'IN_USE',
  'CONCURRENT_UPDATE',
  'TRANSITION_NOT_ALLOWED',
  'LEAD_CLOSED',
  'FOLLOW_UP_CLOSED',
  'SEAT_LIMIT',
  'SELF_CHANGE',
  'OWNER_ROLE_LOCKED',
  'VENDOR_HAS_TRANSACTIONS',
  'STALE_VERSION',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'TOO_MANY_ATTEMPTS',
  'BEYOND_OWN_ACCESS',
  'OWNER_ONLY',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'NOT_REVERSIBLE_BY_HAND',
  'REVERSAL_OF_REVERSAL',
  'ALREADY_REVERSED',
  'OPENING_BALANCES_RECORDED',
  'SEATS_UNAVAILABLE',
  'SALES_CLOSED',
  'IMPORT_TOO_MANY_ROWS',
  'LENGTH_REQUIRED',
  'INVALID_FORM',
  'ATTACHMENT_TOO_LARGE',
  'MAIL_SERVER_NOT_SET',
  'TOUR_SENT',
  'TOUR_BOOKED',
  'TOUR_NOT_BOOKED',
  'TOUR_NOT_DELETABLE',
  'TOUR_NOT_BOOKABLE',
  'PAYMENT_EXCEEDS_BALANCE',
  'BOOKING_CLOSED',
  'NO_UNNAMED_TRAVELLER',
  'TRAVELLER_TYPE_PRICED',
  'NOTHING_DUE',
  'CUSTOMER_EMAIL_MISSING',
  'INVOICE_EXISTS',
  'PAYMENT_NOT_VERIFIED',
  'VENDOR_NOT_BOOKABLE',
  'VENDOR_SERVICE_MISMATCH',
  'PAYMENT_EXCEEDS_OWED',
  'VOUCHER_NOT_PAYABLE',
  'VOUCHER_NOT_EDITABLE',
  'VENDOR_EMAIL_MISSING',
  'NOTHING_TO_SEND',
  'OPERATION_CLOSED',
  'OPERATION_INCOMPLETE',
  'VENDOR_SERVICES_BOOKED',
  'NOTHING_TO_PREFILL',
  'AI_LIMIT_REACHED',
  'AI_MODEL_FAILED',
  'AI_NOT_CONFIGURED',
  'CONFLICT',
  'DATABASE_UNAVAILABLE',
  'TOTAL_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
