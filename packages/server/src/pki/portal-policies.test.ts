import { describe, expect, it } from 'vitest';
import { portalLevelOf, portalLevelPolicies, portalOidArc } from './portal-policies.ts';

describe("the portal's certificate policies", () => {
  it('sit under a UUID arc, Low at .1 and Advanced at .2', () => {
    expect(portalOidArc).toMatch(/^2\.25\.[1-9]\d{0,38}$/);
    expect(BigInt(portalOidArc.slice(5)) < 2n ** 128n).toBe(true);
    expect(portalLevelPolicies).toEqual({
      Low: `${portalOidArc}.1`,
      Advanced: `${portalOidArc}.2`,
    });
  });

  it('name the level of a certificate that carries one of them', () => {
    expect(portalLevelOf(['1.2.3', portalLevelPolicies.Advanced])).toBe('Advanced');
    expect(portalLevelOf([portalLevelPolicies.Low])).toBe('Low');
  });

  it('name no level for other policies, none, or both at once', () => {
    expect(portalLevelOf([])).toBeNull();
    expect(portalLevelOf([`${portalOidArc}.3`, '0.4.0.194112.1.2'])).toBeNull();
    expect(portalLevelOf([portalLevelPolicies.Low, portalLevelPolicies.Advanced])).toBeNull();
  });
});
