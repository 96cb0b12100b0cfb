import type { ApiTokenListItem } from '@esign/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { scopeKeys } from '../utils/scope-keys.ts';

interface ApiTokenListProps {
  tokens: ApiTokenListItem[];
  labelledBy: string;
  /** The organisation's view: each token says whose it is. */
  showOwner?: boolean;
  emptyText: string;
  onRevoke: (token: ApiTokenListItem) => void;
  testId: string;
}

/** Tokens with what they may do, their life and their last use; each can be revoked. */
export function ApiTokenList(props: ApiTokenListProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  // Expiry is judged as of when the list was shown; the server judges each use itself.
  const [now] = useState(() => Date.now());
  if (props.tokens.length === 0) {
    return (
      <p className="text-body-secondary" data-testid={props.testId}>
        {props.emptyText}
      </p>
    );
  }
  return (
    <ul className="list-group" aria-labelledby={props.labelledBy} data-testid={props.testId}>
      {props.tokens.map((token) => (
        <li key={token.Id} className="list-group-item api-token-list__item">
          <div className="api-token-list__what">
            <div className="fw-semibold">
              {token.Name}{' '}
              {Date.parse(token.ExpiresAt) <= now && (
                <span className="badge text-bg-warning">{t('apiTokens.expired')}</span>
              )}
            </div>
            {props.showOwner && (
              <div>{t('apiTokens.owner', { name: token.OwnerName, email: token.OwnerEmail })}</div>
            )}
            <ul className="list-unstyled d-flex flex-wrap gap-1 my-1">
              {token.Scopes.map((scope) => (
                <li key={scope}>
                  <span className="badge text-bg-secondary">
                    {t(`apiTokens.scopes.${scopeKeys[scope]}`)}
                  </span>
                </li>
              ))}
            </ul>
            <div className="text-body-secondary small">
              {t('apiTokens.created', {
                date: formatDate(token.CreatedAt, i18n.language, timeZone),
              })}
              {' · '}
              {t('apiTokens.expires', {
                date: formatDate(token.ExpiresAt, i18n.language, timeZone),
              })}
            </div>
            <div className="text-body-secondary small">
              {token.LastUsedAt === null
                ? t('apiTokens.neverUsed')
                : t('apiTokens.lastUsed', {
                    date: formatDateTime(token.LastUsedAt, i18n.language, timeZone),
                    address: token.LastUsedFrom ?? '',
                  })}
            </div>
          </div>
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={t('apiTokens.revokeNamed', { name: token.Name })}
            onClick={() => props.onRevoke(token)}
          >
            {t('apiTokens.revoke')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
