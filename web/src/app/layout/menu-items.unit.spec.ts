import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../lib/store.ts';
import { visibleItems } from './menu-items.ts';

const admin = { profile: 'admin' } as User;
const agent = { profile: 'user' } as User;
const campaignPaths = (user: User, plan: { useCampaigns: boolean }) =>
  visibleItems(user, plan, 'admin')
    .filter((i) => i.group === 'campaigns')
    .map((i) => i.path);

describe('the campaigns group of the side menu (doc 1 §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows to admins when the plan has useCampaigns, or when local storage holds 'cshow'", () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null });
    expect(campaignPaths(admin, { useCampaigns: true })).toEqual(
      expect.arrayContaining(['/campaigns', '/campaigns-config']),
    );
    expect(campaignPaths(admin, { useCampaigns: false })).toEqual([]);
    storage.set('cshow', '');
    expect(campaignPaths(admin, { useCampaigns: false })).toEqual(
      expect.arrayContaining(['/campaigns', '/campaigns-config']),
    );
    expect(campaignPaths(agent, { useCampaigns: true })).toEqual([]);
  });
});

// reports (issue 24)
describe('the reports entry of the side menu', () => {
  const reports = (user: User, plan: { useReports: boolean } | null) =>
    visibleItems(user, plan, 'admin').some((i) => i.path === '/reports');

  it('shows to admins whose plan has useReports, never to agents', () => {
    expect(reports(admin, { useReports: true })).toBe(true);
    expect(reports(admin, { useReports: false })).toBe(false);
    expect(reports(admin, null)).toBe(false);
    expect(reports(agent, { useReports: true })).toBe(false);
  });
});
