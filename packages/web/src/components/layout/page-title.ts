import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, type Params } from 'react-router';
import { useSession } from '../../lib/session.ts';
import type { i18n as I18n } from 'i18next';

/** What a route's page title depends on. */
export interface TitleContext {
  t: I18n['t'];
  params: Params;
  signedIn: boolean;
}

/** A route's `handle`: the title of its page, without the portal's own name. */
export interface RouteHandle {
  title: (context: TitleContext) => string | undefined;
}

const hasTitle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;

/** The tab's title, "<page> – <front-page title>", from the deepest route that names its page. */
export function pageTitleOf(handles: unknown[], context: TitleContext): string {
  const site = context.t('frontpage.title');
  const page = handles
    .filter(hasTitle)
    .map((handle) => handle.title(context))
    .findLast((title) => title !== undefined && title !== '');
  return page === undefined ? site : `${page} – ${site}`;
}

/** Keeps document.title in step with the route and the language. */
export function usePageTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const signedIn = useSession() !== null;
  const last = matches.at(-1);
  const title = pageTitleOf(
    matches.map((match) => match.handle),
    { t, params: last?.params ?? {}, signedIn },
  );
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
