import type { Profile } from '@node-saml/node-saml';
import { z } from 'zod';
import type { ExternalIdentity } from '../external-identity.ts';

/** Each attribute by its URI name (Haka, NameFormat uri) and by its friendly name (basic NameFormat). */
const attributeNames = {
  principalName: ['urn:oid:1.3.6.1.4.1.5923.1.1.1.6', 'eduPersonPrincipalName'],
  mail: ['urn:oid:0.9.2342.19200300.100.1.3', 'mail'],
  displayName: ['urn:oid:2.16.840.1.113730.3.1.241', 'displayName'],
  commonName: ['urn:oid:2.5.4.3', 'cn'],
  givenName: ['urn:oid:2.5.4.42', 'givenName'],
  surname: ['urn:oid:2.5.4.4', 'sn'],
  homeOrganization: ['urn:oid:1.3.6.1.4.1.25178.1.2.9', 'schacHomeOrganization'],
  title: ['urn:oid:2.5.4.12', 'title'],
  entitlement: ['urn:oid:1.3.6.1.4.1.5923.1.1.1.7', 'eduPersonEntitlement'],
} as const;

const transientFormat = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const Email = z.email();

/** Every non-empty text value of the first of the names the profile carries. */
function valuesOf(attributes: Record<string, unknown>, names: readonly string[]): string[] {
  for (const name of names) {
    const raw = attributes[name];
    if (raw === undefined) continue;
    const values = (Array.isArray(raw) ? raw : [raw])
      .filter((value): value is string => typeof value === 'string')
      .map((value) => value.trim())
      .filter((value) => value.length > 0);
    if (values.length > 0) return values;
  }
  return [];
}

/**
 * Maps a validated assertion to the portal's user. Refuses one without an e-mail address
 * or without a lasting subject (no eduPersonPrincipalName and a transient NameID).
 */
export function identityFromProfile(profile: Profile): ExternalIdentity {
  const attributes = z.record(z.string(), z.unknown()).catch({}).parse(profile.attributes);
  const first = (names: readonly string[]) => valuesOf(attributes, names)[0] ?? null;
  const email = first(attributeNames.mail);
  if (!email || !Email.safeParse(email).success)
    throw new Error('the response carries no valid e-mail address');
  if (!profile.issuer) throw new Error('the assertion names no issuer');
  const subject =
    first(attributeNames.principalName) ??
    (profile.nameID && profile.nameIDFormat !== transientFormat ? profile.nameID : null);
  if (!subject) throw new Error('the response carries no lasting subject');
  const fullName = [first(attributeNames.givenName), first(attributeNames.surname)]
    .filter(Boolean)
    .join(' ');
  return {
    issuer: profile.issuer,
    subject,
    email,
    displayName:
      first(attributeNames.displayName) ?? first(attributeNames.commonName) ?? (fullName || email),
    organisation: first(attributeNames.homeOrganization),
    title: first(attributeNames.title),
    groups: valuesOf(attributes, attributeNames.entitlement),
  };
}

const SignedSubject = z.object({
  Assertion: z.object({
    Subject: z.tuple([
      z.object({
        SubjectConfirmation: z.array(
          z.object({
            SubjectConfirmationData: z
              .array(
                z.object({
                  $: z.object({
                    InResponseTo: z.string().optional(),
                    Recipient: z.string().optional(),
                  }),
                }),
              )
              .optional(),
          }),
        ),
      }),
    ]),
  }),
});

/**
 * True when the signed assertion itself (not only the unsigned Response around it) answers
 * this request and is addressed to this ACS, so a captured assertion cannot be replayed
 * under a fresh request id.
 */
export function isAssertionBoundTo(profile: Profile, requestId: string, acsUrl: string): boolean {
  const parsed = SignedSubject.safeParse(profile.getAssertion?.());
  if (!parsed.success) return false;
  return parsed.data.Assertion.Subject[0].SubjectConfirmation.some((confirmation) =>
    (confirmation.SubjectConfirmationData ?? []).some(
      (data) => data.$.InResponseTo === requestId && data.$.Recipient === acsUrl,
    ),
  );
}
