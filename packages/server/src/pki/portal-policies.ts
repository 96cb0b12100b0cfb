import type { SignatureLevel } from '@esign/contract';

/**
 * The portal's own object-identifier arc: 2.25 followed by the decimal of a UUID generated
 * once for it (ITU-T X.667), which needs no registration (docs/decisions.md).
 */
export const portalOidArc = '2.25.308350817551898530710670693009900241689';

/** The certificate policy of a one-time certificate: the level the portal issued it for. */
export const portalLevelPolicies = {
  Low: `${portalOidArc}.1`,
  Advanced: `${portalOidArc}.2`,
} as const satisfies Partial<Record<SignatureLevel, string>>;

export type PortalIssuedLevel = keyof typeof portalLevelPolicies;

/** The level the portal's policy among `policies` names, or null when none does. */
export function portalLevelOf(policies: readonly string[]): PortalIssuedLevel | null {
  const levels = (Object.keys(portalLevelPolicies) as PortalIssuedLevel[]).filter((level) =>
    policies.includes(portalLevelPolicies[level]),
  );
  // Two levels in one certificate is no certificate the portal issued.
  return levels.length === 1 ? (levels[0] ?? null) : null;
}
