import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { InvitationLink } from '../../src/api/platform/contract';
import { InvitationDialog } from '../../src/features/platform/onboard-dialog';
import { changeLanguage, initI18n } from '../../src/ui/i18n';

/** After onboarding, the console always shows the link and says whether it was e-mailed or must be handed over. */
const invitation = (emailed: boolean): InvitationLink => ({ url: 'https://office.example/invitation#token', expiresAt: '2031-01-08T10:00:00.000Z', to: 'owner@atlas.example', emailed });

const show = (emailed: boolean) =>
  render(
    <MemoryRouter>
      <InvitationDialog header="Atlas Trails is ready" invitation={invitation(emailed)} organizationId="o" onClose={() => {}} />
    </MemoryRouter>,
  );

describe('the onboarded invitation', () => {
  beforeAll(() => initI18n('en'));
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it('says it was e-mailed to the owner, and still shows the link', async () => {
    show(true);
    expect(await screen.findByText(/Emailed to owner@atlas\.example/)).toBeTruthy();
    expect(screen.queryByText(/hand this link over/)).toBeNull();
    expect((screen.getByLabelText('Invitation link') as HTMLInputElement).value).toBe('https://office.example/invitation#token');
  });

  it('says to hand the link over when nothing was e-mailed', async () => {
    show(false);
    expect(await screen.findByText(/hand this link over to owner@atlas\.example yourself/)).toBeTruthy();
    expect(screen.queryByText(/Emailed to/)).toBeNull();
  });

  it('says both in Arabic', async () => {
    await changeLanguage('ae');
    show(true);
    expect(await screen.findByText(/أُرسل بالبريد الإلكتروني إلى owner@atlas\.example/)).toBeTruthy();
    cleanup();
    show(false);
    expect(await screen.findByText(/سلّم هذا الرابط بنفسك إلى owner@atlas\.example/)).toBeTruthy();
  });
});
