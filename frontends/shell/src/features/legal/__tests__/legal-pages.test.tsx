import { dataExportTexts } from '@krom/contracts/http/data-export-values';
import { formerMemberName } from '@krom/contracts/http/review-values';
import { verificationPhotoRetentionDays } from '@krom/contracts/http/verification';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/create-routes.tsx';
import { supportContact } from '../support-contact.ts';

function open(path: string) {
  mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
  return renderRoutes((queryClient) => createAppRoutes({ queryClient }), path);
}

const headings = () => within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe("the footer's Contact Us, Terms of Use and Privacy Policy", () => {
  it.each([
    ['Contact Us', '/contact'],
    ['Terms of Use', '/terms'],
    ['Privacy Policy', '/privacy'],
  ])('%s leads from the landing to its page', async (name, path) => {
    const { user, router } = open('/');
    const company = within(await screen.findByRole('navigation', { name: 'Company' }));
    await user.click(company.getByRole('link', { name }));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it("leads back to the landing's sections from another page", async () => {
    open('/terms');
    const explore = within(await screen.findByRole('navigation', { name: 'Explore' }));
    expect(explore.getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe('/#how-it-works');
  });
});

describe('Contact Us', () => {
  it("gives Krom's support address, and links to the terms and the privacy policy", async () => {
    open('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    const mail = screen.getByRole('link', { name: supportContact.email });
    expect(mail.getAttribute('href')).toBe(`mailto:${supportContact.email}`);
    expect(screen.getByRole('main').textContent).toContain('112');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});

describe('Terms of Use', () => {
  it('covers bookings, payments, the refund policy as Krom applies it, reviews, conduct, women-only rides and liability', async () => {
    open('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy();
    expect(headings()).toEqual([
      'Your account',
      'Posting and booking rides',
      'Payments',
      'Cancellations and refunds',
      'Reviews',
      'Conduct',
      'Women-only rides',
      'Liability',
      'Questions',
    ]);
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('more than 24 hours before departure: the whole fare');
    expect(text).toContain('less than 24 hours before departure: half the fare');
    expect(text).toContain('paid out to the driver');
    expect(text).toContain('24 hours later');
    expect(text).toContain('5%');
  });
});

describe('Privacy Policy', () => {
  it("says what is kept, who sees it, for how long, how to have it corrected or erased, under Act 843", async () => {
    open('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(headings()).toEqual(['What Krom keeps, and why', 'Who sees it', 'How long it is kept', 'Deleting your account', 'Downloading your data', 'Your rights', 'Security', 'Changes']);
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('Data Protection Act, 2012 (Act 843)');
    expect(text).toContain('Data Protection Commission');
    expect(text).toContain('Paystack');
    expect(screen.getByRole('link', { name: supportContact.email }).getAttribute('href')).toBe(`mailto:${supportContact.email}`);
  });

  it('states the document photos are deleted after the time identity deletes them by', async () => {
    open('/privacy');
    const kept = (await screen.findByRole('heading', { name: 'How long it is kept' })).nextElementSibling;
    expect(kept?.textContent).toContain(`deleted ${verificationPhotoRetentionDays} days after Krom staff decide on your verification`);
  });

  it('says where the data download is, with the words the settings screen shows, and what it holds', async () => {
    open('/privacy');
    const download = (await screen.findByRole('heading', { name: 'Downloading your data' })).nextElementSibling?.textContent ?? '';
    expect(download).toContain(`in Account Settings, under “${dataExportTexts.heading}”, press “${dataExportTexts.button}”`);
    for (const part of ['profile', 'rides you drove', 'bookings', 'payments, refunds and payouts', 'reviews you gave and received', 'messages']) {
      expect(download).toContain(part);
    }
  });

  it('says how reviews by a deleted account are shown', async () => {
    open('/privacy');
    const deleting = (await screen.findByRole('heading', { name: 'Deleting your account' })).nextElementSibling?.textContent ?? '';
    expect(deleting).toContain(`wrote and messages you sent stay too, shown as from a “${formerMemberName}”, without your name or photo`);
    expect(deleting).toContain('ends your shared-trip links');
  });

  it('says a deleted account keeps its payment records with the mobile money numbers masked once their money is settled', async () => {
    open('/privacy');
    const deleting = (await screen.findByRole('heading', { name: 'Deleting your account' })).nextElementSibling?.textContent ?? '';
    expect(deleting).toContain("Your payments, refunds, payouts and Krom's ledger of them keep their amounts");
    expect(deleting).toContain('each mobile money number on them is erased down to its masked form (like 024 *** **56) as soon as the money on it is settled');
    expect(deleting).toContain('a payment still being collected, or a refund or payout still to reach you, keeps the full number until then');
  });
});
