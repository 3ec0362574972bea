import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ImportRowResult } from '../../src/api/common/import';
import { leadImportRow, type LeadImportRow } from '../../src/api/leads/contract';
import { members } from '../auth/schema';
import { ApiError, issue } from '../http/errors';
import type { IssueCode, IssueParams } from '../../src/api/common/issues';
import type { Importer } from '../http/import';
import { referenceResolver } from '../http/records';
import { DESTINATION, REGION } from '../catalogue/store';
import { createLead } from './create';
import { visibleLeadKeys } from './store';
import { emailKey, phoneKey } from '../contacts/store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /leads/import`: each row creates a lead (source `import` unless the row says). A row whose
 * phone number or email already belongs to a lead the importer may see (or to an earlier row of
 * the file) is reported as a duplicate, not created twice. Regions and destinations are named by
 * id, slug or name; the owner by member id or email (an active sales member).
 */
export const leadImporter: Importer<LeadImportRow> = {
  rowSchema: leadImportRow,
  chunkSize: 200,
  async writeChunk(tx, chunk, { auth }) {
    const regionOf = await referenceResolver(
      tx,
      REGION,
      chunk.flatMap((c) => c.input.regions ?? []),
    );
    const destinationOf = await referenceResolver(
      tx,
      DESTINATION,
      chunk.flatMap((c) => c.input.destinations ?? []),
    );
    const ownerKeys = [...new Set(chunk.map((c) => c.input.assignedTo?.toLowerCase()).filter((k): k is string => !!k))];
    const owners = ownerKeys.length
      ? await tx
          .select({ id: members.id, email: members.email })
          .from(members)
          .where(
            and(
              eq(members.department, 'sales'),
              eq(members.employmentStatus, 'active'),
              eq(members.isActive, true),
              or(inArray(sql`lower(${members.email})`, ownerKeys), inArray(members.id, ownerKeys.filter((k) => UUID.test(k)))),
            ),
          )
      : [];
    const ownerOf = (key: string) => owners.find((o) => o.id === key || o.email.toLowerCase() === key)?.id;

    // Duplicates only among the leads the importer may see: the report must not tell him what a colleague's leads hold.
    const taken = await visibleLeadKeys(tx, auth, {
      phones: chunk.map((c) => phoneKey(c.input.phone)).filter((k): k is string => !!k),
      emails: chunk.map((c) => emailKey(c.input.email)).filter((k): k is string => !!k),
    });
    const seenPhones = taken.phones;
    const seenEmails = taken.emails;

    const results: ImportRowResult[] = [];
    for (const { row, input } of chunk) {
      const reject = (reason: string, path: string, code: IssueCode, params: IssueParams = {}) =>
        results.push({ row, status: 'rejected', name: input.name, reason, issues: [issue(path, code, reason, params)] });
      const pk = phoneKey(input.phone);
      const ek = emailKey(input.email);
      if (pk && seenPhones.has(pk)) {
        reject(`duplicate: a lead with the phone number ${input.phone} already exists`, 'phone', 'taken');
        continue;
      }
      if (ek && seenEmails.has(ek)) {
        reject(`duplicate: a lead with the email ${input.email} already exists`, 'email', 'taken');
        continue;
      }
      const unknownRegion = input.regions?.find((r) => !regionOf(r));
      if (unknownRegion) {
        reject(`unknown region ${unknownRegion}`, 'regions', 'unknownReference', { kind: 'region' });
        continue;
      }
      const unknownDestination = input.destinations?.find((d) => !destinationOf(d));
      if (unknownDestination) {
        reject(`unknown destination ${unknownDestination}`, 'destinations', 'unknownReference', { kind: 'destination' });
        continue;
      }
      const owner = input.assignedTo ? ownerOf(input.assignedTo.toLowerCase()) : undefined;
      if (input.assignedTo && !owner) {
        reject(`${input.assignedTo} is not an active member of the sales department`, 'assignedTo', 'notSalesMember');
        continue;
      }
      try {
        // Its own savepoint: a refusal leaves nothing of the row behind.
        const lead = await tx.transaction((sp) =>
          createLead(
          sp,
          {
            ...input,
            source: input.source ?? 'import',
            regions: input.regions?.map((r) => regionOf(r)!),
            destinations: input.destinations?.map((d) => destinationOf(d)!),
            assignedTo: input.assignedTo ? owner : undefined,
          },
          { actor: { id: auth.memberId, department: auth.department }, event: 'imported' },
          ),
        );
        results.push({ row, status: 'created', _id: lead.id, name: lead.name });
        if (pk) seenPhones.add(pk);
        if (ek) seenEmails.add(ek);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 400) throw err;
        results.push({ row, status: 'rejected', name: input.name, reason: err.message, issues: err.issues ?? [issue('row', 'invalidFormat', err.message)] });
      }
    }
    return results;
  },
};
