import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

describe('a request URL as the log shows it', () => {
  it('hides the token of a signing link, on the page and on each of its calls', () => {
    expect(redactUrl(`/sign/${token}`)).toBe('/sign/[redacted]');
    expect(redactUrl(`/api/sign/${token}`)).toBe('/api/sign/[redacted]');
    expect(redactUrl(`/api/sign/${token}/code/verify`)).toBe('/api/sign/[redacted]/code/verify');
    expect(redactUrl(`/api/sign/${token}/attachment/a-1?x=1`)).toBe(
      '/api/sign/[redacted]/attachment/a-1?x=1',
    );
    expect(redactUrl(`/portal/sign/${token}`)).toBe('/portal/sign/[redacted]');
  });

  it("hides the token of a viewer's link and of a copy recipient's link", () => {
    expect(redactUrl(`/view/${token}`)).toBe('/view/[redacted]');
    expect(redactUrl(`/api/view/${token}/attachment/a-1`)).toBe(
      '/api/view/[redacted]/attachment/a-1',
    );
    expect(redactUrl(`/copy/${token}/evidence`)).toBe('/copy/[redacted]/evidence');
  });

  it('hides an API token pasted anywhere into a URL, encoded or not', () => {
    const apiToken = `esign_pat_${'aB3'.repeat(14)}x`;
    expect(redactUrl(`/api/esign/SignFlows/${apiToken}`)).toBe(
      '/api/esign/SignFlows/esign_pat_[redacted]',
    );
    expect(redactUrl(`/api/esign/SignFlows?q=${apiToken}&page=1`)).toBe(
      '/api/esign/SignFlows?q=esign_pat_[redacted]&page=1',
    );
    expect(redactUrl(`/x?q=Bearer%20${encodeURIComponent(apiToken).replaceAll('_', '%5F')}`)).toBe(
      '/x?q=Bearer%20esign_pat_[redacted]',
    );
  });

  it("hides the inspector link's token but keeps the flow it is about", () => {
    expect(redactUrl(`/api/inspect/flow-1/${token}`)).toBe('/api/inspect/flow-1/[redacted]');
  });

  it("hides the token of a signer's link to the signed document", () => {
    expect(redactUrl(`/signed/${token}`)).toBe('/signed/[redacted]');
    expect(redactUrl(`/portal/signed/${token}?x=1`)).toBe('/portal/signed/[redacted]?x=1');
  });

  it('hides the code and state of every callback and keeps the other parameters', () => {
    expect(redactUrl('/api/esign/Users/callback?code=abc&state=def&iss=http%3A%2F%2Fx')).toBe(
      '/api/esign/Users/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx',
    );
    expect(redactUrl('/api/sign/identify/callback?state=s1&code=c1')).toBe(
      '/api/sign/identify/callback?state=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/sign/qualified/callback?Code=c1&error=access_denied')).toBe(
      '/api/sign/qualified/callback?Code=[redacted]&error=access_denied',
    );
    expect(redactUrl('/idp/auth?client_id=esign-portal&state=s&nonce=n&prompt=login')).toBe(
      '/idp/auth?client_id=esign-portal&state=[redacted]&nonce=[redacted]&prompt=login',
    );
    expect(redactUrl('/api/esign/Users/saml/slo?SAMLRequest=xyz&RelayState=%2F&Signature=s')).toBe(
      '/api/esign/Users/saml/slo?SAMLRequest=[redacted]&RelayState=[redacted]&Signature=[redacted]',
    );
    expect(redactUrl('/x?st%61te=hidden')).toBe('/x?st%61te=[redacted]');
  });

  it('leaves other addresses as they are', () => {
    for (const url of [
      '/',
      '/api/esign/SignFlows/abc/signfile',
      '/healthz',
      '/api/esign/SignFlows?q=x&page=2',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});
