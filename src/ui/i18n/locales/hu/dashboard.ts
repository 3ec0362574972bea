import type { LocaleResources } from '../../types';

/** "My day", the start page (src/features/dashboard). */
const dashboard = {
  dashboard: {
    title: 'Napom',
    greeting: 'Jó napot, {{name}}! Ma {{date}} van.',
    seeAll: 'Összes',
    seeAllOf: 'Összes: {{title}}',
    nothing: 'Most semmi sem vár Önre.',
    nothingHint: 'Az új feladatok itt jelennek meg, amint beérkeznek.',
    due: 'esedékes: {{date}}',
    missed: 'Elmaradt',
    arrived: 'érkezett: {{date}}',
    since: 'nincs fejlemény {{date}} óta',
    added: 'felvéve: {{date}}',
    departs: 'indulás: {{date}}',
    subscription: 'Előfizetés',
    seatsUsed: '{{used}} / {{seats}} hely foglalt',
    until: 'eddig: {{date}}',
    cards: {
      followUps: { title: 'Mai utánkövetések', empty: 'Ma nincs esedékes hívás: minden kész.' },
      missedFollowUps: { title: "Elmulasztott utánkövetések", empty: "Egyik utánkövetése sem késik." },
      newLeads: { title: 'Új érdeklődők az Ön számára', empty: 'Egy új érdeklődő sem vár első hívásra.' },
      waitingLeads: { title: 'Legrégebben váró érdeklődői', empty: 'Egyik érdeklődője sem vár.' },
      leadsToAssign: { title: 'Kiosztandó érdeklődők', empty: 'Minden nyitott érdeklődőnek van felelőse.' },
      vendorsToComplete: { title: 'Beszállítók banki adatok nélkül', empty: 'Minden aktív beszállító kifizethető.' },
      departuresToFill: { title: 'Minimum alatti indulások', empty: 'A következő hetek minden indulásán megvan a szükséges utaslétszám.' },
    },
    errors: { fetch: 'Nem sikerült betölteni a napját' },
  },
} satisfies Partial<LocaleResources>;

export default dashboard;
