import { assign, fromPromise, setup } from 'xstate';
import { depositPlan, equalPlan, inDueOrder, planProblems, priceOfTravellers, type PlannedInstallment, type TravellerKind } from '../domain/installment-plan';

/**
 * The booking wizard (a screen's machine, driven with @xstate/react): `tour → travellers → plan →
 * review → submitting`, back one step at a time. It holds the draft and proposes plans with the
 * same pure rules the server checks (src/domain/installment-plan.ts), so what staff see is what the
 * server will compute: the total from the tour's prices, a plan that sums to it. The server stays
 * the judge: a refusal comes back to the step it names.
 */
export interface WizardTour {
  tourType: 'personalized' | 'group' | 'customized';
  tourId: string;
  title: string;
  /** Per traveller type; a customized tour has none: it was priced for its party as a whole. */
  prices: Record<TravellerKind, number> | null;
  /** A departure's or a customized tour's own dates; a package has none. */
  departure?: string;
  nights: number;
  /**
   * A customized tour: the version the customer was sent, its selling total and the party it was
   * priced for. The server books that version for exactly that party (pax must equal it).
   */
  customized?: { version: number; total: number; party: Record<TravellerKind, number> };
}

export interface WizardTraveller {
  type: TravellerKind;
  name: string;
}

export interface WizardContext {
  /** The organization's today and its bookings settings (Configurations → bookings). */
  today: string;
  depositPercent: number;
  balanceDaysBeforeDeparture: number;
  leadId: string | null;
  tour: WizardTour | null;
  /** The first day of the trip: a departure's, or chosen for a package. */
  departure: string | null;
  travellers: WizardTraveller[];
  installments: PlannedInstallment[];
  /** The step a server refusal sent the wizard back to, and its message. */
  error: { step: 'tour' | 'travellers' | 'plan'; message: string } | null;
  bookingId: string | null;
}

export type WizardEvent =
  | { type: 'CHOOSE'; leadId: string | null; tour: WizardTour | null; departure: string | null }
  | { type: 'SET_TRAVELLERS'; travellers: WizardTraveller[] }
  | { type: 'PROPOSE'; kind: 'deposit' | 'equal'; parts?: number }
  | { type: 'SET_INSTALLMENTS'; installments: PlannedInstallment[] }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' };

export interface WizardInput {
  today: string;
  depositPercent?: number;
  balanceDaysBeforeDeparture?: number;
  leadId?: string | null;
}

/** What the server is sent (`POST /bookings`). */
export type BookingRequest = ReturnType<typeof bookingRequestOf>;
export function bookingRequestOf(context: WizardContext) {
  const tour = context.tour!;
  return {
    tourType: tour.tourType,
    tourId: tour.tourId,
    leadId: context.leadId!,
    ...(tour.tourType === 'personalized' ? { departure: context.departure! } : {}),
    ...(tour.customized ? { tourVersion: tour.customized.version } : {}),
    pax: context.travellers.length,
    travellers: context.travellers.map((t) => ({ type: t.type, name: t.name.trim() || null })),
    installments: inDueOrder(context.installments),
  };
}

/** The grand total the server will compute from the tour's prices. */
export const wizardTotal = (context: Pick<WizardContext, 'tour' | 'travellers'>) =>
  context.tour?.customized ? context.tour.customized.total : context.tour?.prices ? priceOfTravellers(context.tour.prices, context.travellers) : 0;

/** A customized tour's party as travellers to name: its adults, then children, then infants. */
export const partyTravellers = (party: Record<TravellerKind, number>): WizardTraveller[] =>
  (['adult', 'child', 'infant'] as const).flatMap((type) => Array.from({ length: party[type] }, () => ({ type, name: '' })));

/** Whether the party is the one the tour was priced for (any party fits a tour priced per person). */
const partyFits = (context: Pick<WizardContext, 'tour' | 'travellers'>) => {
  const party = context.tour?.customized?.party;
  return !party || (['adult', 'child', 'infant'] as const).every((type) => context.travellers.filter((t) => t.type === type).length === party[type]);
};

/** The plan's problems against the total, today and the departure (what the server refuses). */
export const wizardPlanProblems = (context: WizardContext) =>
  context.departure ? planProblems(context.installments, { total: wizardTotal(context), today: context.today, departure: context.departure }) : [];

const proposal = (context: WizardContext, kind: 'deposit' | 'equal', parts = 3): PlannedInstallment[] => {
  if (!context.departure) return [];
  const basis = { total: wizardTotal(context), today: context.today, departure: context.departure, balanceDaysBefore: context.balanceDaysBeforeDeparture };
  return kind === 'deposit' ? depositPlan({ ...basis, depositBasisPoints: context.depositPercent * 100 }) : equalPlan({ ...basis, parts });
};

/** The step a refusal names: its first issue's field (`installments.1.amount` → the plan); a refusal of the tour itself (seats, a tour no longer bookable) → the tour. */
export function refusedStep(error: unknown): 'tour' | 'travellers' | 'plan' {
  const path = String((error as { issues?: { path?: unknown }[] }).issues?.[0]?.path ?? '');
  return path.startsWith('installments') ? 'plan' : path.startsWith('travellers') || path === 'pax' ? 'travellers' : 'tour';
}

export const bookingWizardMachine = setup({
  types: { context: {} as WizardContext, events: {} as WizardEvent, input: {} as WizardInput },
  actors: {
    // The screen provides the real call (`machine.provide({ actors: { createBooking } })`).
    createBooking: fromPromise<{ bookingId: string }, BookingRequest>(async () => {
      throw new Error('createBooking is provided by the screen');
    }),
  },
  guards: {
    tourChosen: ({ context }) => !!context.leadId && !!context.tour && !!context.departure && context.departure >= context.today,
    partyComplete: ({ context }) => context.travellers.length > 0 && partyFits(context),
    planSums: ({ context }) => wizardPlanProblems(context).length === 0,
  },
  actions: {
    choose: assign(({ context, event }) => {
      if (event.type !== 'CHOOSE') return {};
      const departure = event.tour?.departure ?? event.departure;
      const changed = event.tour?.tourId !== context.tour?.tourId || departure !== context.departure;
      // Another tour or day: the plan proposed for the old one no longer fits.
      const party = changed && event.tour?.customized ? { travellers: partyTravellers(event.tour.customized.party) } : {};
      return { leadId: event.leadId, tour: event.tour, departure, installments: changed ? [] : context.installments, error: null, ...party };
    }),
    setTravellers: assign(({ event }) => (event.type === 'SET_TRAVELLERS' ? { travellers: event.travellers, installments: [] } : {})),
    propose: assign(({ context, event }) => (event.type === 'PROPOSE' ? { installments: proposal(context, event.kind, event.parts) } : {})),
    setInstallments: assign(({ event }) => (event.type === 'SET_INSTALLMENTS' ? { installments: event.installments } : {})),
    refused: assign(({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return { error: { step: refusedStep(error), message: (error as { message?: string }).message ?? '' } };
    }),
    proposeIfEmpty: assign(({ context }) => (context.installments.length ? {} : { installments: proposal(context, 'deposit') })),
  },
}).createMachine({
  id: 'bookingWizard',
  initial: 'tour',
  context: ({ input }) => ({
    today: input.today,
    depositPercent: input.depositPercent ?? 30,
    balanceDaysBeforeDeparture: input.balanceDaysBeforeDeparture ?? 30,
    leadId: input.leadId ?? null,
    tour: null,
    departure: null,
    travellers: [{ type: 'adult', name: '' }],
    installments: [],
    error: null,
    bookingId: null,
  }),
  states: {
    tour: {
      description: 'The lead, the tour, and for a package its first day.',
      on: { CHOOSE: { actions: 'choose' }, NEXT: { guard: 'tourChosen', target: 'travellers' } },
    },
    travellers: {
      description: 'The party by traveller type (it sets the price); names now or later.',
      on: { SET_TRAVELLERS: { actions: 'setTravellers' }, NEXT: { guard: 'partyComplete', target: 'plan' }, BACK: 'tour' },
    },
    plan: {
      description: 'The installments: proposed (a deposit now and the balance before departure, or equal parts), edited freely.',
      entry: 'proposeIfEmpty',
      on: { PROPOSE: { actions: 'propose' }, SET_INSTALLMENTS: { actions: 'setInstallments' }, NEXT: { guard: 'planSums', target: 'review' }, BACK: 'travellers' },
    },
    review: {
      description: 'Everything at a glance before the booking is made.',
      on: { SUBMIT: 'submitting', BACK: 'plan' },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'createBooking',
        input: ({ context }) => bookingRequestOf(context),
        onDone: { target: 'done', actions: assign(({ event }) => ({ bookingId: event.output.bookingId })) },
        // The server's refusal goes back to the step that can fix it, its message shown there.
        onError: [
          { guard: ({ event }) => refusedStep(event.error) === 'plan', target: 'plan', actions: 'refused' },
          { guard: ({ event }) => refusedStep(event.error) === 'travellers', target: 'travellers', actions: 'refused' },
          { target: 'tour', actions: 'refused' },
        ],
      },
    },
    done: { type: 'final' },
  },
});
