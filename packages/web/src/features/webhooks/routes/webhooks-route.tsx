import type { WebhookListItem } from '@esign/contract';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import { CreateWebhookDialog } from '../components/create-webhook-dialog.tsx';
import { DeleteWebhookDialog } from '../components/delete-webhook-dialog.tsx';
import { EditWebhookDialog } from '../components/edit-webhook-dialog.tsx';
import { WebhookItem } from '../components/webhook-item.tsx';
import '../components/webhooks.css';

/** Webhooks (/webhooks): the endpoints the user manages, each with its deliveries. */
export function WebhooksRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const headingId = useId();
  const webhooks = useWebhooks();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [showCreate, setShowCreate] = useState(false);
  const [editing, setEditing] = useState<WebhookListItem | null>(null);
  const [showEdit, setShowEdit] = useState(false);
  const [deleting, setDeleting] = useState<WebhookListItem | null>(null);
  const [showDelete, setShowDelete] = useState(false);

  const handleDeleteExited = (deleted: boolean) => {
    // The endpoint's buttons are gone with it; the list's heading takes the focus.
    if (deleted) headingRef.current?.focus();
    setDeleting(null);
  };

  return (
    <>
      <h1>{t('webhooks.title')}</h1>
      <div className="webhook-page__intro mb-4">
        <p>{t('webhooks.intro')}</p>
        <p>{t('webhooks.introSignature')}</p>
        <Button ref={addButtonRef} onClick={() => setShowCreate(true)}>
          {t('webhooks.add')}
        </Button>
      </div>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h3">
          {t('webhooks.heading')}
        </h2>
        {webhooks.isPending ? (
          <Spinner animation="border" role="status" size="sm">
            <span className="visually-hidden">{t('common.loading')}</span>
          </Spinner>
        ) : webhooks.isError ? (
          <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
        ) : webhooks.data.length === 0 ? (
          <p className="webhook-page__empty" data-testid="webhooks-empty">
            {t('webhooks.empty')}
          </p>
        ) : (
          <ul
            className="list-unstyled webhook-list"
            aria-labelledby={headingId}
            data-testid="webhooks"
          >
            {webhooks.data.map((endpoint) => (
              <WebhookItem
                key={endpoint.Id}
                endpoint={endpoint}
                onEdit={(chosen) => {
                  setEditing(chosen);
                  setShowEdit(true);
                }}
                onDelete={(chosen) => {
                  setDeleting(chosen);
                  setShowDelete(true);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <CreateWebhookDialog
        show={showCreate}
        isAdmin={session?.IsAdmin ?? false}
        onHide={() => setShowCreate(false)}
        onExited={() => addButtonRef.current?.focus()}
      />
      <EditWebhookDialog
        endpoint={editing}
        show={showEdit}
        onHide={() => setShowEdit(false)}
        onExited={() => setEditing(null)}
      />
      <DeleteWebhookDialog
        endpoint={deleting}
        show={showDelete}
        onHide={() => setShowDelete(false)}
        onExited={handleDeleteExited}
      />
    </>
  );
}
