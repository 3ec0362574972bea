import * as v from 'valibot';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importInput, listFromText, type ImportReport, type ImportRowResult } from '../common/import';
import { dateRangeQuery, emailSchema, idSchema, listOf, nonEmpty, pageQuery, sortBy, booleanQuery } from '../common/schemas';
import { workflowRequest } from '../common/workflow';
import { statesWithTag, statesWithoutTag } from '../../machines/workflow';
import { vendorMachine, type VendorEvent } from '../../machines/vendor-machine';

/** The seed's 7 vendor service types, in the seed's order (also the order of `serviceStats`). */
export const VENDOR_SERVICES = ['hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others'] as const;
export type VendorService = (typeof VENDOR_SERVICES)[number];

/** Seed section 9. */
export const VENDOR_TRANSACTIONS_PAGE_SIZE = 20;
export const VENDOR_IMPORT_MAX_ROWS = IMPORT_MAX_ROWS;
export const VENDOR_IMPORT_MAX_BYTES = IMPORT_MAX_BYTES;

export interface BankDetails {
  accountName?: string | null;
  bankName?: string | null;
  /** IBAN or local account number. */
  accountNumber?: string | null;
  /** SWIFT / BIC, 8 or 11 characters. */
  swift?: string | null;
}

export interface Vendor {
  _id: string;
  name: string;
  services: VendorService[];
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  notes: string | null;
  bankDetails: BankDetails | null;
  /** The vendor machine's state (`active` / `inactive`), as the seed's flag. */
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface VendorStats {
  total: number;
  active: number;
  inactive: number;
  /** Vendors offering each service type; every one of the 7 keys is present. */
  serviceStats: Record<VendorService, number>;
}

export const TRANSACTION_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const TRANSACTION_STATUSES = ['paid', 'pending'] as const;

export interface VendorTransaction {
  _id: string;
  vendorId: string;
  direction: (typeof TRANSACTION_DIRECTIONS)[number];
  /** Integer minor units. */
  amount: number;
  status: (typeof TRANSACTION_STATUSES)[number];
  date: string;
  reference: string | null;
  description: string | null;
  linkedType: string | null;
  linkedId: string | null;
  createdAt: string;
}

/** Sums in minor units over every transaction the filters select (all pages). */
export interface VendorTransactionStats {
  totalAmount: number;
  totalIncoming: number;
  totalOutgoing: number;
  totalPaid: number;
  totalPending: number;
  count: number;
}

/** Optional text: blank becomes null (clears the field); absent leaves it as it is on update. */
const optionalText = (max: number, inner?: v.GenericSchema<string, string>) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string('must be text'),
        v.trim(),
        v.maxLength(max, `must be at most ${max} characters`),
        v.transform((s) => (s === '' ? null : s)),
        v.nullable(inner ?? v.string()),
      ),
    ),
  );

const phoneSchema = v.pipe(v.string(), v.regex(/^[+0-9 ()./-]{3,30}$/, 'must be a phone number'));

export const bankDetailsSchema = v.strictObject(
  {
    accountName: optionalText(120),
    bankName: optionalText(120),
    accountNumber: optionalText(
      40,
      v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z0-9][A-Z0-9 -]{3,39}$/, 'must be an IBAN or account number (letters, digits, spaces)')),
    ),
    swift: optionalText(11, v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a SWIFT/BIC code of 8 or 11 characters'))),
  },
  'must be an object with accountName, bankName, accountNumber and swift',
);

const servicesSchema = v.pipe(
  v.array(v.picklist(VENDOR_SERVICES, `must be one of ${VENDOR_SERVICES.join(', ')}`), 'must be a list of services'),
  v.minLength(1, 'must name at least one service'),
  // Stored once each, in the seed's order, so equal sets look equal.
  v.transform((list) => VENDOR_SERVICES.filter((s) => list.includes(s))),
);

const vendorFields = {
  name: nonEmpty(200),
  services: servicesSchema,
  contactPerson: optionalText(120),
  email: optionalText(254, emailSchema),
  phone: optionalText(30, phoneSchema),
  address: optionalText(500),
  notes: optionalText(2000),
  bankDetails: v.optional(v.nullable(bankDetailsSchema)),
};

const isActiveFlag = v.optional(v.boolean('must be true or false'));

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
  v.check((body) => Object.keys(body).length > 0, 'must change at least one field'),
);
export type UpdateVendorInput = v.InferOutput<typeof updateVendorInput>;

/** The seed's `isActive` is true in the vendor machine's states tagged `bookable`. */
export const VENDOR_STATES_BY_ACTIVE = { true: statesWithTag(vendorMachine, 'bookable'), false: statesWithoutTag(vendorMachine, 'bookable') };
const ACTIVE = new Set(VENDOR_STATES_BY_ACTIVE.true);
export const isActiveIn = (state: string) => ACTIVE.has(state);

/**
 * Vendor activation over HTTP, the seed's shape: `PUT /vendors/{id}` with `isActive` (`true`
 * asks for ACTIVATE, `false` for DEACTIVATE); the same PUT may edit fields, with or without it.
 * The answer's `isActive` is the state.
 */
export const vendorActivation = workflowRequest({
  machine: vendorMachine,
  method: 'PUT',
  path: '/vendors/:id',
  body: updateVendorInput,
  eventOf: ({ isActive }): VendorEvent | undefined => (isActive === undefined ? undefined : { type: isActive ? 'ACTIVATE' : 'DEACTIVATE' }),
  bodyOf: (event) => ({ isActive: event.type === 'ACTIVATE' }),
  stateOf: (vendor: Vendor) => (vendor.isActive ? 'active' : 'inactive'),
});

export const VENDOR_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const vendorsQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(VENDOR_SORT_FIELDS, 'name'),
  /** Vendors offering any of these services. */
  services: listOf(v.picklist(VENDOR_SERVICES, 'must be a known service type')),
  isActive: booleanQuery,
});
export type VendorsQuery = v.InferOutput<typeof vendorsQuery>;

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
    v.maxLength(MAX_IDS_PER_REQUEST, `must name at most ${MAX_IDS_PER_REQUEST} ids`),
    v.transform((ids) => ({ ids: [...new Set(ids)], many: ids.length > 1 })),
  ),
});

export const TRANSACTION_SORT_FIELDS = ['date', 'amount', 'createdAt'] as const;
export const vendorTransactionsQuery = v.strictObject({
  ...pageQuery(VENDOR_TRANSACTIONS_PAGE_SIZE),
  // Newest first unless asked otherwise.
  sortOrder: v.optional(v.picklist(['asc', 'desc'], 'must be asc or desc'), 'desc'),
  sortBy: sortBy(TRANSACTION_SORT_FIELDS, 'date'),
  direction: listOf(v.picklist(TRANSACTION_DIRECTIONS, 'must be incoming or outgoing')),
  status: listOf(v.picklist(TRANSACTION_STATUSES, 'must be paid or pending')),
  date: dateRangeQuery,
});
export type VendorTransactionsQuery = v.InferOutput<typeof vendorTransactionsQuery>;

/**
 * Import (`POST /vendors/import`): either `Content-Type: text/csv` with the file as the body (see
 * ./import.ts for the columns), or JSON `{ rows: [...] }` whose rows are vendor payloads
 * (`services` may also be one text, separated by `;`, `|` or `,`). Rows are checked one by one.
 */
export const vendorImportInput = importInput(VENDOR_IMPORT_MAX_ROWS);

/** One import row. An absent (or, in CSV, empty) field leaves an existing vendor's value as it is. */
export const vendorImportRow = v.strictObject({
  ...vendorFields,
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

export type VendorImportRowResult = ImportRowResult;
export type VendorImportReport = ImportReport;
