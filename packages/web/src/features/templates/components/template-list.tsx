import type { TemplateListItem } from '@esign/contract';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/dates.ts';

export type TemplateAction = 'use' | 'duplicate' | 'delete';

interface TemplateListProps {
  items: TemplateListItem[];
  labelledBy: string;
  busyId: string | undefined;
  onAction: (action: TemplateAction, template: TemplateListItem) => void;
}

/** The templates as cards, one a row at any width: name, roles, sharing, and what can be done. */
export function TemplateList({ items, labelledBy, busyId, onAction }: TemplateListProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="template-list list-unstyled" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.Guid} className="template-card" data-testid="template-row">
          <div className="template-card__text">
            <h2 className="h5 mb-1 text-break">
              <Link to={paths.templateEdit.getHref(item.Guid)}>{item.Name}</Link>
            </h2>
            <p className="mb-1 small">
              <span className="fw-semibold">{t('templates.list.roles')}: </span>
              {item.RoleNames.length > 0 ? item.RoleNames.join(', ') : t('templates.list.noRoles')}
            </p>
            <p className="mb-0 small text-body-secondary">
              {item.GroupName === null
                ? t('templates.list.private')
                : t('templates.list.sharedWith', { group: item.GroupName })}
              {' · '}
              {t('templates.list.owner', { name: item.OwnerName })}
              {' · '}
              {t('templates.list.modified', {
                date: formatDate(item.LastModifiedDate, i18n.language),
              })}
            </p>
          </div>
          <div className="template-card__actions">
            <Button
              variant="primary"
              size="sm"
              disabled={busyId === item.Guid}
              onClick={() => onAction('use', item)}
              data-testid="template-use"
            >
              {t('templates.actions.use')}
              <span className="visually-hidden">: {item.Name}</span>
            </Button>
            {item.RoleNames.length > 0 && (
              <Link
                className="btn btn-outline-primary btn-sm"
                to={paths.bulkSend.getHref(item.Guid)}
                data-testid="template-bulk"
              >
                {t('bulk.sendInBulk')}
                <span className="visually-hidden">: {item.Name}</span>
              </Link>
            )}
            <Link
              className="btn btn-outline-secondary btn-sm"
              to={paths.templateEdit.getHref(item.Guid)}
              data-testid="template-edit"
            >
              {item.CanEdit ? t('templates.actions.edit') : t('templates.actions.view')}
              <span className="visually-hidden">: {item.Name}</span>
            </Link>
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={busyId === item.Guid}
              onClick={() => onAction('duplicate', item)}
              data-testid="template-duplicate"
            >
              {t('templates.actions.duplicate')}
              <span className="visually-hidden">: {item.Name}</span>
            </Button>
            {item.CanEdit && (
              <Button
                variant="outline-danger"
                size="sm"
                onClick={() => onAction('delete', item)}
                data-testid="template-delete"
              >
                {t('common.remove')}
                <span className="visually-hidden">: {item.Name}</span>
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
