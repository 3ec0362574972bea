import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { leadCaptureRefusal } from '../../src/api/platform/subscription';
import { leadEndpoints, LEAD_SECRET_HEADER } from '../../src/api/leads/contract';
import { clientAddress } from '../auth/session';
import { hashToken } from '../auth/tokens';
import { destinations, DESTINATION } from '../catalogue';
import { leads } from './schema';
import { ApiError } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { referenceResolver } from '../http/records';
import { PUBLIC, publicRoute } from '../http/route';
import { createLead } from './create';
import { OPEN_LEAD_STATES } from '../../src/machines/lead-machine';
import { leadLink } from './store';
import { contactFor } from './contacts';
import { notify } from '../notifications';

const wrongSecret = () => new ApiError(401, 'INVALID_SECRET', 'The lead-capture secret is missing or wrong');

/**
 * The website form's endpoint (SPEC "a secret for the public lead-capture endpoint"): no session;
 * the organization is the one whose secret is in the `X-Lead-Secret` header, so a regenerated
 * secret stops the old one at once. Limited per address before the secret is even looked at.
 *
 * Anyone may post here, so the answer is the same whoever exists (201 and the new lead's id), and
 * nothing that exists is changed: every enquiry is a new lead, joined to the person's contact as it
 * is (a new phone or email is not written onto it). When that person already has an open lead,
 * its owner is told, to merge the two.
 */
export const leadCaptureRoutes = [
  publicRoute({
    endpoint: leadEndpoints.capture,
    access: PUBLIC,
    crossSite: true,
    async identify(c, { database, config }) {
      await rateLimit(database.db, `lead-capture:${clientAddress(c, config.trustProxy)}`, config.leadCapturePerMinute);
      const secret = c.req.header(LEAD_SECRET_HEADER);
      if (!secret || secret.length > 200) throw wrongSecret();
      // Before the organization is known: the `lead_capture_organization` function (server/migrate.ts).
      const found = (await database.db.execute<{ id: string; status: string | null; period_end: string | null; today: string }>(sql`select * from lead_capture_organization(${hashToken(secret)})`)).rows[0];
      if (!found) throw wrongSecret();
      const org = { id: found.id, status: found.status, periodEnd: found.period_end, today: found.today };
      // A cancelled organization takes no more leads; an expired one for a grace period (LEAD_CAPTURE_GRACE_DAYS).
      const refused = org.status && org.periodEnd ? leadCaptureRefusal(org.status, org.periodEnd, org.today) : null;
      if (refused === 'cancelled') throw new ApiError(403, 'SUBSCRIPTION_CANCELLED', 'This organization no longer takes website leads: its subscription was cancelled');
      if (refused === 'expired') throw new ApiError(403, 'SUBSCRIPTION_READ_ONLY', 'This organization no longer takes website leads: its subscription expired');
      return { id: org.id };
    },
    async handler({ body, caller: org, services: { database } }) {
      return database.withTenant(org.id, async (tx) => {
        const destinationOf = await referenceResolver(tx, DESTINATION, body.destinations ?? []);
        const known = [...new Set((body.destinations ?? []).map(destinationOf).filter((id): id is string => !!id))];
        const unknown = (body.destinations ?? []).filter((d) => !destinationOf(d));
        const regionIds = known.length
          ? [...new Set((await tx.select({ regionId: destinations.regionId }).from(destinations).where(inArray(destinations.id, known))).map((d) => d.regionId))]
          : [];
        const message = [body.message, unknown.length ? `Destinations asked for: ${unknown.join(', ')}` : null].filter(Boolean).join('\n') || null;
        const query = {
          travelFrom: body.travelFrom ?? null,
          travelTo: body.travelTo ?? null,
          adults: body.adults ?? 1,
          children: body.children ?? 0,
          regions: regionIds,
          destinations: known,
          notes: message,
        };
        const contactId = await contactFor(tx, body, { changeExisting: false });
        const lead = await createLead(
          tx,
          { name: body.name, phone: body.phone, email: body.email, source: 'website', comment: message, regions: regionIds, destinations: known, query },
          { actor: null, event: 'captured', contactId },
        );
        const [open] = await tx
          .select({ id: leads.id, name: leads.name, assignedTo: leads.assignedTo })
          .from(leads)
          .where(and(eq(leads.contactId, contactId), inArray(leads.status, [...OPEN_LEAD_STATES]), ne(leads.id, lead.id), isNotNull(leads.assignedTo)))
          .orderBy(leads.createdAt)
          .limit(1);
        if (open && open.assignedTo !== lead.assignedTo) {
          await notify(tx, open.assignedTo!, {
            type: 'lead-assigned',
            title: `New website enquiry from ${lead.name}, who has your lead ${open.name}`,
            body: message,
            message: { key: 'leadEnquiry', params: { name: lead.name, lead: open.name } },
            link: leadLink(lead.id),
          });
        }
        return { data: { _id: lead.id, received: true } };
      });
    },
  }),
];
