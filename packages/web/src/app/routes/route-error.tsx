import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useRouteError, type RouteObject } from 'react-router';

/**
 * What a screen shows when its code could not load or it failed while drawing (say, a new
 * version was deployed while the tab was open): a translated message inside the page frame and
 * a way on, instead of the router's English developer page.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div data-testid="route-error">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </div>
  );
}

/** A frame's screens under one pathless route whose error element keeps the frame around it. */
export const withinFrame = (children: RouteObject[]): RouteObject[] => [
  { errorElement: <RouteError />, children },
];
