import type { ApiTokenListItem } from '@esign/contract';
import { useId, useRef, useState, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../../../lib/common-config.ts';
import { useSession } from '../../../lib/session.ts';
import { useApiTokens, type ApiTokenView } from '../api/list-api-tokens.ts';
import { ApiTokenList } from '../components/api-token-list.tsx';
import { CreateApiTokenDialog } from '../components/create-api-token-dialog.tsx';
import { RevokeApiTokenDialog } from '../components/revoke-api-token-dialog.tsx';
import '../components/api-tokens.css';

interface TokenSectionProps {
  view: ApiTokenView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRevoke: (token: ApiTokenListItem) => void;
}

/** One list of tokens under its heading: the user's own, or the organisation's. */
function TokenSection({ view, headingRef, onRevoke }: TokenSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const tokens = useApiTokens(view);
  const organisation = view === 'organisation';
  return (
    <section aria-labelledby={headingId} className="mb-5 api-token-section">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h3">
        {organisation ? t('apiTokens.allHeading') : t('apiTokens.ownHeading')}
      </h2>
      {tokens.isPending ? (
        <Spinner animation="border" role="status" size="sm">
          <span className="visually-hidden">{t('common.loading')}</span>
        </Spinner>
      ) : tokens.isError ? (
        <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
      ) : (
        <ApiTokenList
          tokens={tokens.data}
          labelledBy={headingId}
          showOwner={organisation}
          emptyText={organisation ? t('apiTokens.noneInOrganisation') : t('apiTokens.none')}
          onRevoke={onRevoke}
          testId={organisation ? 'api-tokens-all' : 'api-tokens-own'}
        />
      )}
    </section>
  );
}

/** API access (/api-access): the user's API tokens; administrators also see everyone's. */
export function ApiAccessRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const { ApiTokenMaxDays, PublicUrl } = useCommonConfig();
  const isAdmin = session?.IsAdmin ?? false;
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const ownHeadingRef = useRef<HTMLHeadingElement>(null);
  const allHeadingRef = useRef<HTMLHeadingElement>(null);
  const [showCreate, setShowCreate] = useState(false);
  const [revoking, setRevoking] = useState<{
    token: ApiTokenListItem;
    from: ApiTokenView;
  } | null>(null);
  const [showRevoke, setShowRevoke] = useState(false);

  const revokeFrom = (from: ApiTokenView) => (token: ApiTokenListItem) => {
    setRevoking({ token, from });
    setShowRevoke(true);
  };
  const handleRevokeExited = (revoked: boolean) => {
    // The token's button is gone with it; its list's heading takes the focus.
    if (revoked)
      (revoking?.from === 'organisation' ? allHeadingRef : ownHeadingRef).current?.focus();
    setRevoking(null);
  };

  return (
    <>
      <h1>{t('apiTokens.title')}</h1>
      <div className="api-token-section mb-4">
        <p>{t('apiTokens.intro')}</p>
        <p>
          <a href={`${PublicUrl}/api/docs`}>{t('apiTokens.docsLink')}</a>
        </p>
        <Button ref={createButtonRef} onClick={() => setShowCreate(true)}>
          {t('apiTokens.create')}
        </Button>
      </div>
      <TokenSection view="own" headingRef={ownHeadingRef} onRevoke={revokeFrom('own')} />
      {isAdmin && (
        <TokenSection
          view="organisation"
          headingRef={allHeadingRef}
          onRevoke={revokeFrom('organisation')}
        />
      )}
      <CreateApiTokenDialog
        show={showCreate}
        maxDays={ApiTokenMaxDays}
        isAdmin={isAdmin}
        onHide={() => setShowCreate(false)}
        onExited={() => createButtonRef.current?.focus()}
      />
      <RevokeApiTokenDialog
        token={revoking?.token ?? null}
        show={showRevoke}
        onHide={() => setShowRevoke(false)}
        onExited={handleRevokeExited}
      />
    </>
  );
}
