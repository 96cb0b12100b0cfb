/** Who a provider says logged in, mapped from OIDC claims or SAML attributes. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string;
  displayName: string;
  organisation: string | null;
  title: string | null;
  /** Group identifiers (OIDC groups claim, Haka entitlements); matched to HakaGroupId. */
  groups: string[];
}
