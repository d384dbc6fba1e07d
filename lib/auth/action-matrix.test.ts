// Every server action x {anonymous, expert, reviewer, admin}. The expected roles below are the spec: changing
// who may call an action means changing this table on purpose. Allowed callers get past authorization (the
// empty input then fails validation); others are refused before any input is read.
import { describe, expect, it } from 'vitest';
import { ROLES, type Role, type SessionUser } from '@/lib/auth/roles';
import { runAsUser } from '@/tools/testing/request-user';
import { loadActions } from '@/tools/testing/action-registry';

const EXPECTED: Record<string, readonly Role[]> = {
  'users.create': ['ADMIN'],
  'users.update': ['ADMIN'],
  'users.setActive': ['ADMIN'],
  'audit.previewSelection': ['ADMIN'],
  'audit.createCampaign': ['ADMIN'],
  'audit.closeCampaign': ['ADMIN'],
  'audit.claimNext': ['EXPERT'],
  'audit.release': ['EXPERT'],
  'audit.saveVerdict': ['EXPERT'],
  'audit.updateAssignment': ['EXPERT'],
  'audit.submit': ['EXPERT'],
  'audit.saveProposal': ['EXPERT'],
  'audit.deleteProposal': ['EXPERT'],
  'grading.previewSample': ['ADMIN'],
  'grading.createCampaign': ['ADMIN'],
  'grading.claimNext': ['EXPERT'],
  'grading.release': ['EXPERT'],
  'grading.saveMark': ['EXPERT'],
  'grading.submit': ['EXPERT'],
  'adjudication.save': ['ADMIN', 'REVIEWER'],
  'criteria.export': ['ADMIN', 'REVIEWER'],
  'criteria.tag': ['ADMIN'],
  'criteria.addToCampaign': ['ADMIN'],
  'missingCriteria.accept': ['ADMIN', 'REVIEWER'],
  'missingCriteria.reject': ['ADMIN', 'REVIEWER'],
  'pairwise.claimNext': ['ADMIN', 'REVIEWER'],
  'pairwise.giveBack': ['ADMIN', 'REVIEWER'],
  'pairwise.savePreference': ['ADMIN', 'REVIEWER'],
  'pairwise.saveMark': ['ADMIN', 'REVIEWER'],
  'pairwise.submit': ['ADMIN', 'REVIEWER'],
  'judge.saveEndpoint': ['ADMIN'],
  'judge.testConnection': ['ADMIN'],
  'judge.estimateRun': ['ADMIN'],
  'judge.startRun': ['ADMIN'],
  'judge.cancelRun': ['ADMIN'],
  'discriminability.estimateProxyRun': ['ADMIN'],
  'discriminability.startProxyRun': ['ADMIN'],
  'judgeAgreement.noteTemplate': ['ADMIN'],
  'metaRubrics.createProposal': ['ADMIN', 'REVIEWER', 'EXPERT'],
  'metaRubrics.updateProposal': ['ADMIN', 'REVIEWER', 'EXPERT'],
  'metaRubrics.comment': ['ADMIN', 'REVIEWER', 'EXPERT'],
  'metaRubrics.withdraw': ['ADMIN', 'REVIEWER', 'EXPERT'],
  'metaRubrics.requestChanges': ['ADMIN', 'REVIEWER'],
  'metaRubrics.reject': ['ADMIN', 'REVIEWER'],
  'metaRubrics.approve': ['ADMIN', 'REVIEWER'],
  'releases.preview': ['ADMIN', 'REVIEWER'],
  'releases.create': ['ADMIN'],
  'releases.freeze': ['ADMIN'],
  'releases.export': ['ADMIN'],
  'releases.deleteDraft': ['ADMIN'],
};

const userFor = (role: Role): SessionUser => ({
  id: `matrix-${role.toLowerCase()}`,
  email: `${role.toLowerCase()}@matrix.test`,
  name: role,
  role,
  specialties: [],
  active: true,
});

describe('server action role matrix', () => {
  it('every exported server action declares its roles through defineAction', async () => {
    const { found, unguarded } = await loadActions();
    expect(unguarded).toEqual([]);
    expect(found.map(({ action }) => action.meta.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('each action admits exactly its roles and refuses everyone else', async () => {
    const { found } = await loadActions();
    for (const { action } of found) {
      const expected = EXPECTED[action.meta.name];
      expect(action.meta.roles, action.meta.name).toEqual(expected);
      const anonymous = await runAsUser(null, () => action({}));
      expect(anonymous, `${action.meta.name} anonymous`).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
      for (const role of ROLES) {
        const result = await runAsUser(userFor(role), () => action({}));
        if (expected?.includes(role)) {
          expect(result, `${action.meta.name} ${role}`).toMatchObject({ ok: false, code: 'INVALID' });
        } else {
          expect(result, `${action.meta.name} ${role}`).toMatchObject({ ok: false, code: 'FORBIDDEN' });
        }
      }
    }
  });
});
