import { limits, RejectRequest } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRejectDocument } from '../api/reject-document.ts';
import { isSigningMessageKey, signingMessageOf } from '../utils/signing-error.ts';
import { FormAlert } from './form-alert.tsx';

interface RejectDialogProps {
  token: string;
  show: boolean;
  onHide: () => void;
}

const ids = {
  title: 'signing-reject-title',
  text: 'signing-reject-text',
  comment: 'signing-reject-comment',
  count: 'signing-reject-count',
  error: 'signing-reject-comment-error',
};

/** Asks for the reason and rejects; the dialog keeps focus inside and gives it back on closing. */
export function RejectDialog({ token, show, onHide }: RejectDialogProps) {
  const { t } = useTranslation();
  const reject = useRejectDocument(token);
  const form = useForm<z.input<typeof RejectRequest>, unknown, RejectRequest>({
    resolver: zodResolver(RejectRequest),
    defaultValues: { Comment: '' },
  });
  const comment = useWatch({ control: form.control, name: 'Comment' });
  const fieldError = form.formState.errors.Comment?.message;
  const handleSubmit = form.handleSubmit((request) =>
    reject.mutate(request, { onSuccess: onHide }),
  );
  const handleExited = () => {
    form.reset();
    reject.reset();
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => form.setFocus('Comment')}
      onExited={handleExited}
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      data-testid="reject-dialog"
    >
      <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={ids.title} as="h2" className="h5">
            {t('signing.reject.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p id={ids.text}>{t('signing.reject.text')}</p>
          <Form.Label htmlFor={ids.comment}>{t('signing.reject.comment')}</Form.Label>
          <Form.Control
            as="textarea"
            id={ids.comment}
            rows={4}
            aria-required="true"
            isInvalid={fieldError !== undefined}
            aria-invalid={fieldError !== undefined}
            aria-describedby={fieldError === undefined ? ids.count : `${ids.error} ${ids.count}`}
            data-testid="reject-comment"
            {...form.register('Comment')}
          />
          {fieldError !== undefined && isSigningMessageKey(fieldError) && (
            <div id={ids.error} className="invalid-feedback d-block" role="alert">
              {t(fieldError, { n: limits.commentMaxLength })}
            </div>
          )}
          <div id={ids.count} className="form-text">
            {t('signing.reject.characters', { used: comment.length, max: limits.commentMaxLength })}
          </div>
          <FormAlert
            message={reject.isError ? signingMessageOf(reject.error) : null}
            testId="reject-error"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={reject.isPending}
            data-testid="reject-confirm"
          >
            {reject.isPending ? t('signing.reject.rejecting') : t('signing.reject.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
