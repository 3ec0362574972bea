import { endpoint } from '../common/endpoint';
import { itemAnswer, listAnswerOf } from '../common/schemas';
import * as v from 'valibot';
import { boolFromText, importEndpoint, listFromText } from '../common/import';
import { coded } from '../common/issues';
import { memoCodeSchema } from '../finance/contract';
import {
  booleanQuery,
  calendarDate,
  clearable,
  clearableEmail,
  clearablePhone,
  clearableText,
  dateRangeQuery,
  flag,
  idSchema,
  listOf,
  multiline,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  sortOrder,
  timestamp,
  uuid,
} from '../common/schemas';
import { workflowRequest } from '../common/workflow';
import { statesWithTag, statesWithoutTag } from '../../machines/workflow';
import { vendorMachine, type VendorEvent } from '../../machines/vendor-machine';

/** The seed's 7 vendor service types, in the seed's order (also the order of `serviceStats`). */
export const VENDOR_SERVICES = ['hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others'] as const;
export type VendorService = (typeof VENDOR_SERVICES)[number];

/** Seed section 9. */
export const VENDOR_TRANSACTIONS_PAGE_SIZE = 20;

const nullableText = v.optional(v.nullable(v.string()));
export const bankDetailsAnswer = v.object({
  accountName: nullableText,
  bankName: nullableText,
  /** IBAN or local account number. */
  accountNumber: nullableText,
  /** SWIFT / BIC, 8 or 11 characters. */
  swift: nullableText,
});
export type BankDetails = v.InferOutput<typeof bankDetailsAnswer>;

export const vendorSchema = v.object({
  _id: uuid,
  name: v.string(),
  services: v.array(v.picklist(VENDOR_SERVICES)),
  contactPerson: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  address: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  bankDetails: v.nullable(bankDetailsAnswer),
  /** The vendor machine's state (`active` / `inactive`), as the seed's flag. */
  isActive: v.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Vendor = v.InferOutput<typeof vendorSchema>;

/** Vendors offering each service type; every one of the 7 keys is present. */
const perService = v.object(Object.fromEntries(VENDOR_SERVICES.map((k) => [k, v.number()])) as Record<VendorService, v.NumberSchema<undefined>>);
export const vendorStatsSchema = v.object({
  total: v.number(),
  active: v.number(),
  inactive: v.number(),
  serviceStats: perService,
});
export type VendorStats = v.InferOutput<typeof vendorStatsSchema>;

export const TRANSACTION_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const TRANSACTION_STATUSES = ['paid', 'pending'] as const;

export const vendorTransactionSchema = v.object({
  _id: uuid,
  vendorId: uuid,
  direction: v.picklist(TRANSACTION_DIRECTIONS),
  /** Integer minor units. */
  amount: v.number(),
  status: v.picklist(TRANSACTION_STATUSES),
  date: calendarDate,
  reference: v.nullable(v.string()),
  description: v.nullable(v.string()),
  /** The description's key and values when the system wrote it, for the reader's language. */
  descriptionCode: memoCodeSchema,
  linkedType: v.nullable(v.string()),
  linkedId: v.nullable(v.string()),
  createdAt: timestamp,
});
export type VendorTransaction = v.InferOutput<typeof vendorTransactionSchema>;

/** Sums in minor units over every transaction the filters select (all pages). */
export const vendorTransactionStatsSchema = v.object({
  totalAmount: v.number(),
  totalIncoming: v.number(),
  totalOutgoing: v.number(),
  totalPaid: v.number(),
  totalPending: v.number(),
  count: v.number(),
});
export type VendorTransactionStats = v.InferOutput<typeof vendorTransactionStatsSchema>;

/** A one-line name: blank or null clears it, absent leaves it as it is on update. */
const oneLine = (max: number) => clearableText(max);

export const bankDetailsSchema = v.strictObject(
  {
    accountName: oneLine(120),
    bankName: oneLine(120),
    accountNumber: clearable(
      v.pipe(
        v.string(),
        v.toUpperCase(),
        v.regex(/^[A-Z0-9][A-Z0-9 -]{3,39}$/, coded('invalidFormat', 'must be an IBAN or account number (letters, digits, spaces)', { example: 'AE07 0331 2345 6789 0123 456' })),
      ),
      40,
    ),
    swift: clearable(
      v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, coded('invalidFormat', 'must be a SWIFT/BIC code of 8 or 11 characters', { example: 'EBILAEAD' }))),
      11,
    ),
  },
  coded('invalidType', 'must be an object with accountName, bankName, accountNumber and swift', { expected: 'object' }),
);

const servicesSchema = v.pipe(
  v.array(oneOf(VENDOR_SERVICES), coded('invalidType', 'must be a list of services', { expected: 'list' })),
  v.minLength(1, coded('tooFewItems', 'must name at least one service', { min: 1, rule: 'services' })),
  // Stored once each, in the seed's order, so equal sets look equal.
  v.transform((list) => VENDOR_SERVICES.filter((s) => list.includes(s))),
);

const vendorFields = {
  name: requiredText(200),
  services: servicesSchema,
  contactPerson: oneLine(120),
  email: clearableEmail,
  phone: clearablePhone,
  address: clearableText(500, multiline),
  notes: clearableText(2000, multiline),
  bankDetails: v.optional(v.nullable(bankDetailsSchema)),
};

const isActiveFlag = v.optional(flag);

/**
 * `POST /vendors`. `isActive` is the vendor machine's input: the vendor starts `inactive` when it
 * is `false`, `active` otherwise (the machine's start chooses, see src/machines/vendor-machine.ts).
 */
export const createVendorInput = v.strictObject({ ...vendorFields, isActive: isActiveFlag });
export type CreateVendorInput = v.InferOutput<typeof createVendorInput>;

/**
 * A partial payload. `isActive` is a workflow event, not a field: `false` asks the vendor machine
 * for DEACTIVATE and `true` for ACTIVATE; one it does not accept in the vendor's state is a 409.
 */
export const updateVendorInput = v.pipe(
  v.strictObject({
    name: v.optional(vendorFields.name),
    services: v.optional(vendorFields.services),
    contactPerson: vendorFields.contactPerson,
    email: vendorFields.email,
    phone: vendorFields.phone,
    address: vendorFields.address,
    notes: vendorFields.notes,
    bankDetails: vendorFields.bankDetails,
    isActive: isActiveFlag,
  }),
  v.check((body) => Object.keys(body).length > 0, coded('noChange', 'must change at least one field')),
);
export type UpdateVendorInput = v.InferOutput<typeof updateVendorInput>;

/** The seed's `isActive` is true in the vendor machine's states tagged `bookable`. */
export const VENDOR_STATES_BY_ACTIVE = { true: statesWithTag(vendorMachine, 'bookable'), false: statesWithoutTag(vendorMachine, 'bookable') };
const ACTIVE = new Set(VENDOR_STATES_BY_ACTIVE.true);
export const isActiveIn = (state: string) => ACTIVE.has(state);


export const VENDOR_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const vendorsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(VENDOR_SORT_FIELDS, 'name'),
  /** Vendors offering any of these services. */
  services: listOf(oneOf(VENDOR_SERVICES, 'must be a known service type')),
  isActive: booleanQuery,
});
export type VendorsQuery = v.InferOutput<typeof vendorsQuery>;

/**
 * `GET /vendors/options`: the vendors a tour's priced line may name, for whoever may edit tours
 * (`TOUR_EDITORS`, src/api/permissions.ts), who need not read vendors (`vendors.view`). Names and
 * ids only: never contacts, bank details or transactions. docs/tours.md, "A line's vendor".
 */
export const vendorOptionSchema = v.object({ _id: uuid, name: v.string() });
export type VendorOption = v.InferOutput<typeof vendorOptionSchema>;

/**
 * The organization's active vendors offering `service` (required), by name (A→Z), `search`
 * matching the name; or, with `ids`, those vendors whatever their state and services (a line keeps
 * a vendor deactivated since it was named, and shows it by its name).
 */
const { sortOrder: _sortOrder, ...optionsPage } = pageQuery();
export const vendorOptionsQuery = v.strictObject({
  ...optionsPage,
  service: oneOf(VENDOR_SERVICES, `must be one of the vendor services: ${VENDOR_SERVICES.join(', ')}`),
  ids: listOf(idSchema),
});
export type VendorOptionsQuery = v.InferOutput<typeof vendorOptionsQuery>;

export const vendorIdParams = v.object({ id: idSchema });

/**
 * `GET /vendors/id/{id}` takes one id (answer `{ data: Vendor }`) or comma-joined ids
 * (answer `{ data: Vendor[] }` in the order asked, each once). Any id that is not a vendor of the
 * organization makes the whole answer 404.
 */
export const MAX_IDS_PER_REQUEST = 100;
export const vendorIdsParams = v.object({
  id: v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((x) => x.trim())),
    v.array(idSchema),
    v.maxLength(MAX_IDS_PER_REQUEST, coded('tooManyItems', `must name at most ${MAX_IDS_PER_REQUEST} ids`, { max: MAX_IDS_PER_REQUEST })),
    v.transform((ids) => ({ ids: [...new Set(ids)], many: ids.length > 1 })),
  ),
});

export const TRANSACTION_SORT_FIELDS = ['date', 'amount', 'createdAt'] as const;
export const vendorTransactionsQuery = v.strictObject({
  ...pageQuery(VENDOR_TRANSACTIONS_PAGE_SIZE),
  // Newest first unless asked otherwise.
  sortOrder: sortOrder('desc'),
  sortBy: sortBy(TRANSACTION_SORT_FIELDS, 'date'),
  direction: listOf(oneOf(TRANSACTION_DIRECTIONS, 'must be incoming or outgoing')),
  status: listOf(oneOf(TRANSACTION_STATUSES, 'must be paid or pending')),
  date: dateRangeQuery,
});
export type VendorTransactionsQuery = v.InferOutput<typeof vendorTransactionsQuery>;

/**
 * Import (`POST /vendors/import`, the shared wire format of src/api/common/import.ts): a CSV file
 * (see ./import.ts for the columns), JSON `{ rows: [...] }` whose rows are vendor payloads
 * (`services` may also be one text, separated by `;`, `|` or `,`), or a multipart file upload.
 *
 * One import row. An absent (or, in CSV, empty) field leaves an existing vendor's value as it is.
 * `isActive` (true/false, yes/no, active/inactive) creates the vendor in that state, or, for an
 * existing vendor, is the vendor machine's ACTIVATE/DEACTIVATE.
 */
export const vendorImportRow = v.strictObject({
  ...vendorFields,
  isActive: v.optional(boolFromText()),
  services: listFromText(
    v.pipe(
      v.array(v.string()),
      v.transform((list) => list.map((s) => s.toLowerCase())),
      servicesSchema,
    ),
    'must be a list of services',
  ),
});
export type VendorImportRow = v.InferOutput<typeof vendorImportRow>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const vendorEndpoints = {
  list: endpoint({ method: 'GET', path: '/vendors', query: vendorsQuery, answer: listAnswerOf(vendorSchema, vendorStatsSchema) }),
  /** Active vendors of a service, names only (the tour builders' picker). */
  options: endpoint({ method: 'GET', path: '/vendors/options', query: vendorOptionsQuery, answer: listAnswerOf(vendorOptionSchema) }),
  create: endpoint({ method: 'POST', path: '/vendors', body: createVendorInput, answer: itemAnswer(vendorSchema), status: 201 }),
  /** The seed's path of one vendor. */
  byId: endpoint({ method: 'GET', path: '/vendors/id/:id', params: vendorIdsParams, answer: itemAnswer(v.union([vendorSchema, v.array(vendorSchema)])) }),
  transactions: endpoint({ method: 'GET', path: '/vendors/:id/transactions', params: vendorIdParams, query: vendorTransactionsQuery, answer: listAnswerOf(vendorTransactionSchema, vendorTransactionStatsSchema) }),
  /** Fields, and activation (`isActive`: the workflow request `vendorActivation`). */
  update: endpoint({ method: 'PUT', path: '/vendors/:id', params: vendorIdParams, body: updateVendorInput, answer: itemAnswer(vendorSchema) }),
  /** The CSV import (its route is built by `importRoute`). */
  import: importEndpoint('/vendors/import'),
  remove: endpoint({ method: 'DELETE', path: '/vendors/:id', params: vendorIdParams, answer: itemAnswer(vendorSchema) }),
};

/**
 * Vendor activation over HTTP, the seed's shape: `PUT /vendors/{id}` with `isActive` (`true`
 * asks for ACTIVATE, `false` for DEACTIVATE); the same PUT may edit fields, with or without it.
 * The answer's `isActive` is the state.
 */
export const vendorActivation = workflowRequest({
  machine: vendorMachine,
  endpoint: vendorEndpoints.update,
  eventOf: ({ isActive }): VendorEvent | undefined => (isActive === undefined ? undefined : { type: isActive ? 'ACTIVATE' : 'DEACTIVATE' }),
  bodyOf: (event) => ({ isActive: event.type === 'ACTIVATE' }),
  stateOf: (vendor: Vendor) => (vendor.isActive ? 'active' : 'inactive'),
});
