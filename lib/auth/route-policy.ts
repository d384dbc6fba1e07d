// Who may open which route. Pages check this through requireSection(); this table is what the role-matrix
// tests walk (e2e/role-matrix.spec.ts), and lib/auth/route-policy.test.ts fails when a page or route file
// exists in app/ without a row here.
import { ROLES, type Role, SECTIONS } from '@/lib/auth/roles';

export interface RoutePolicy {
  /** The route as the file system names it, route groups removed: /audit/[id]. */
  route: string;
  /** Roles that get the page; `public` routes are open to anonymous visitors. */
  roles: readonly Role[] | 'public';
  /** A concrete URL for dynamic routes (filled from seeded data by the e2e test). */
  sample?: string;
  /** The page shows one object that belongs to one user: allowed roles get it (200) or "not found" (404). */
  objectLevel?: boolean;
  kind: 'page' | 'api';
}

export const ROUTE_POLICY: RoutePolicy[] = [
  { route: '/', roles: ROLES, kind: 'page' },
  { route: '/sign-in', roles: 'public', kind: 'page' },
  { route: '/datasets', roles: SECTIONS.datasets.roles, kind: 'page' },
  { route: '/datasets/import', roles: ['ADMIN'], kind: 'page' },
  { route: '/criteria', roles: SECTIONS.criteria.roles, kind: 'page' },
  { route: '/audit', roles: SECTIONS.audit.roles, kind: 'page' },
  { route: '/audit/history', roles: ['EXPERT'], kind: 'page' },
  // An assignment belongs to one expert: other experts get 404, other roles 403.
  { route: '/audit/work/[id]', roles: ['EXPERT'], sample: '/audit/work/1', objectLevel: true, kind: 'page' },
  { route: '/audit/campaigns/new', roles: ['ADMIN'], kind: 'page' },
  { route: '/audit/grading/new', roles: ['ADMIN'], kind: 'page' },
  // A grading assignment belongs to one clinician (expert): other experts get 404, other roles 403.
  { route: '/audit/grading/work/[id]', roles: ['EXPERT'], sample: '/audit/grading/work/1', objectLevel: true, kind: 'page' },
  // A grading campaign's admin page (not blind); a missing campaign is "not found" (404), experts get 403.
  { route: '/audit/grading/[id]', roles: ['ADMIN', 'REVIEWER'], sample: '/audit/grading/1', objectLevel: true, kind: 'page' },
  // Campaign 1 is made by e2e/global.setup.ts (the demo seed has no campaign).
  { route: '/audit/campaigns/[id]', roles: ['ADMIN', 'REVIEWER'], sample: '/audit/campaigns/1', kind: 'page' },
  { route: '/analytics', roles: SECTIONS.analytics.roles, kind: 'page' },
  { route: '/analytics/discriminability', roles: SECTIONS.analytics.roles, kind: 'page' },
  { route: '/adjudication', roles: SECTIONS.adjudication.roles, kind: 'page' },
  // Campaign 1's first criterion (e2e/global.setup.ts); one without disagreement is "not found" (404).
  {
    route: '/adjudication/[campaignId]/[criterionId]',
    roles: SECTIONS.adjudication.roles,
    sample: '/adjudication/1/1',
    objectLevel: true,
    kind: 'page',
  },
  { route: '/meta-rubrics', roles: SECTIONS.metaRubrics.roles, kind: 'page' },
  // Meta-rubric 1 is the demo's; experts read every version's text but only their own proposals (others: 404).
  { route: '/meta-rubrics/[id]', roles: SECTIONS.metaRubrics.roles, sample: '/meta-rubrics/1', objectLevel: true, kind: 'page' },
  {
    route: '/meta-rubrics/[id]/versions/[number]',
    roles: SECTIONS.metaRubrics.roles,
    sample: '/meta-rubrics/1/versions/1',
    objectLevel: true,
    kind: 'page',
  },
  {
    route: '/meta-rubrics/[id]/compare',
    roles: SECTIONS.metaRubrics.roles,
    sample: '/meta-rubrics/1/compare?a=1&b=1',
    objectLevel: true,
    kind: 'page',
  },
  {
    route: '/meta-rubrics/[id]/proposals/new',
    roles: SECTIONS.metaRubrics.roles,
    sample: '/meta-rubrics/1/proposals/new',
    objectLevel: true,
    kind: 'page',
  },
  {
    route: '/meta-rubrics/[id]/proposals/[proposalId]',
    roles: SECTIONS.metaRubrics.roles,
    sample: '/meta-rubrics/1/proposals/1',
    objectLevel: true,
    kind: 'page',
  },
  { route: '/pairwise', roles: SECTIONS.pairwise.roles, kind: 'page' },
  { route: '/pairwise/analytics', roles: SECTIONS.pairwise.roles, kind: 'page' },
  // A judgment belongs to one reviewer: other reviewers and admins get 404, experts 403.
  { route: '/pairwise/review/[id]', roles: SECTIONS.pairwise.roles, sample: '/pairwise/review/1', objectLevel: true, kind: 'page' },
  { route: '/judge', roles: SECTIONS.judge.roles, kind: 'page' },
  { route: '/judge/prompts', roles: SECTIONS.judge.roles, kind: 'page' },
  { route: '/judge/endpoints/new', roles: SECTIONS.judge.roles, kind: 'page' },
  { route: '/judge/runs/new', roles: SECTIONS.judge.roles, kind: 'page' },
  { route: '/judge/compare', roles: SECTIONS.judge.roles, kind: 'page' },
  // Endpoints, runs and calls may not exist yet when the role matrix runs: admins get the page or 404.
  { route: '/judge/endpoints/[id]', roles: SECTIONS.judge.roles, sample: '/judge/endpoints/1', objectLevel: true, kind: 'page' },
  {
    route: '/judge/endpoints/[id]/diagnostics',
    roles: SECTIONS.judge.roles,
    sample: '/judge/endpoints/1/diagnostics',
    objectLevel: true,
    kind: 'page',
  },
  { route: '/judge/runs/[id]', roles: SECTIONS.judge.roles, sample: '/judge/runs/1', objectLevel: true, kind: 'page' },
  {
    route: '/judge/runs/[id]/agreement',
    roles: SECTIONS.judge.roles,
    sample: '/judge/runs/1/agreement',
    objectLevel: true,
    kind: 'page',
  },
  { route: '/judge/calls/[id]', roles: SECTIONS.judge.roles, sample: '/judge/calls/1', objectLevel: true, kind: 'page' },
  { route: '/releases', roles: SECTIONS.releases.roles, kind: 'page' },
  { route: '/releases/new', roles: SECTIONS.releases.roles, kind: 'page' },
  // Releases may not exist when the role matrix runs: allowed roles get the page or 404.
  { route: '/releases/[id]', roles: SECTIONS.releases.roles, sample: '/releases/1', objectLevel: true, kind: 'page' },
  { route: '/admin', roles: SECTIONS.admin.roles, kind: 'page' },
  { route: '/api/health', roles: 'public', kind: 'api' },
  { route: '/api/imports', roles: ['ADMIN'], kind: 'api' },
  { route: '/api/imports/[id]', roles: ['ADMIN'], sample: '/api/imports/1', kind: 'api' },
  { route: '/api/pairwise/export', roles: ['ADMIN'], kind: 'api' },
  { route: '/api/metrics/db-pool', roles: ['ADMIN'], kind: 'api' },
  {
    route: '/api/releases/[id]/files/[fileId]',
    roles: ['ADMIN'],
    sample: '/api/releases/1/files/1',
    objectLevel: true,
    kind: 'api',
  },
  { route: '/api/auth/[...all]', roles: 'public', sample: '/api/auth/get-session', kind: 'api' },
];

/** app/(app)/audit/[id]/page.tsx -> /audit/[id]; app/api/health/route.ts -> /api/health. */
export function routeFromFile(file: string): string {
  const parts = file
    .replace(/^app\//, '')
    .split('/')
    .slice(0, -1)
    .filter((segment) => !(segment.startsWith('(') && segment.endsWith(')')));
  return `/${parts.join('/')}`;
}
