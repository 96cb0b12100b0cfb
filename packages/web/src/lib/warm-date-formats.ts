/**
 * The first date format a page makes has the browser load its date and time-zone data (ICU):
 * about 40 ms on a slow phone, in whichever task asks first. Unless asked for earlier, that is
 * the first render of a screen that shows a date (the editor's deadline, the list's dates),
 * which then blocks the page that long more. Asked for while the app's code starts, the load
 * happens while the page still waits for its screen's code and data over the network.
 *
 * Pages that show no date as they first show skip it: the login pages, and the signer's page
 * (a signer who has yet to sign sees no date; the time of a signature shown later pays its own
 * load then). Measured there, the load took about 50 ms of a server's main thread before the
 * first paint (200 ms under Lighthouse's 4× slowdown), for nothing.
 */
const withoutDates = [/^\/sign\//, /^\/login\/?$/, /^\/logout\/?$/, /^\/idp-login\//];

export function warmDateFormats(pathname: string): boolean {
  if (withoutDates.some((pattern) => pattern.test(pathname))) return false;
  try {
    new Intl.DateTimeFormat('fi-FI', { timeZone: 'UTC', day: 'numeric' }).format(0);
  } catch {
    // A browser without Intl's time zones formats dates its own way later; nothing to warm.
  }
  return true;
}
