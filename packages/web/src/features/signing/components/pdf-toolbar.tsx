import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { canZoomIn, canZoomOut } from '../utils/zoom.ts';

interface PdfToolbarProps {
  scale: number;
  pageCount: number;
  fitsWidth: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
}

/** Zoom out, zoom in and fit to width, with the current zoom and the page count beside them. */
export function PdfToolbar(props: PdfToolbarProps) {
  const { t } = useTranslation();
  const percent = Math.round(props.scale * 100);

  return (
    <div className="pdf-toolbar" role="group" aria-label={t('signing.document.controls')}>
      <Button
        variant="outline-dark"
        size="sm"
        onClick={props.onZoomOut}
        disabled={!canZoomOut(props.scale)}
        aria-label={t('signing.document.zoomOut')}
        title={t('signing.document.zoomOut')}
        data-testid="pdf-zoom-out"
      >
        <span aria-hidden="true">−</span>
      </Button>
      <output className="pdf-toolbar__zoom" aria-live="polite" data-testid="pdf-zoom-level">
        <span className="visually-hidden">{t('signing.document.zoomLevel', { percent })}</span>
        <span aria-hidden="true">{percent} %</span>
      </output>
      <Button
        variant="outline-dark"
        size="sm"
        onClick={props.onZoomIn}
        disabled={!canZoomIn(props.scale)}
        aria-label={t('signing.document.zoomIn')}
        title={t('signing.document.zoomIn')}
        data-testid="pdf-zoom-in"
      >
        <span aria-hidden="true">+</span>
      </Button>
      <Button
        variant="outline-dark"
        size="sm"
        onClick={props.onFitWidth}
        active={props.fitsWidth}
        aria-pressed={props.fitsWidth}
        data-testid="pdf-fit-width"
      >
        {t('signing.document.fitWidth')}
      </Button>
      <span className="pdf-toolbar__pages ms-auto" data-testid="pdf-page-count">
        {t('signing.document.pageCount', { count: props.pageCount })}
      </span>
    </div>
  );
}
