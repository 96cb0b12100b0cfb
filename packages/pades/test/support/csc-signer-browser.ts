/**
 * Does in HTTP what the signer does in the browser at the CSC test service: opens the
 * authorize page, types the one-time code it shows (or `otp`) and authorises (or cancels).
 * Answers the page's answer: the redirect back (with code and state, or an error) or, when
 * the service shows the page again, its HTML.
 */
export async function authorizeAsSigner(
  authorizeUrl: string,
  options: { otp?: string; cancel?: boolean } = {},
): Promise<{ redirect: URL | null; status: number; html: string }> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  const location = page.headers.get('location');
  if (location) return { redirect: new URL(location), status: page.status, html };
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  const shown = /<output id="otp-hint">(\d+)<\/output>/.exec(html)?.[1];
  if (!action || !request || !shown)
    throw new Error(`not an authorize page (${page.status}): ${html.slice(0, 300)}`);
  const answer = await fetch(new URL(action, authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      request,
      otp: options.otp ?? shown,
      action: options.cancel ? 'cancel' : 'authorise',
    }),
  });
  const back = answer.headers.get('location');
  return {
    redirect: back ? new URL(back) : null,
    status: answer.status,
    html: await answer.text(),
  };
}
