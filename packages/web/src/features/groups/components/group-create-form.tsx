import { CreateUserGroupQuery, limits } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ApiError } from '../../../lib/http.ts';
import { useCreateUserGroup } from '../api/create-user-group.ts';
import { groupMessageKey } from '../utils/group-message-key.ts';

const NewGroup = CreateUserGroupQuery.pick({ name: true });
type NewGroup = z.infer<typeof NewGroup>;

/** 'Create group': a name, checked here as the server checks it; a taken name gets its message. */
export function GroupCreateForm() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const inputId = useId();
  const errorId = useId();
  const create = useCreateUserGroup();
  const form = useForm<z.input<typeof NewGroup>, unknown, NewGroup>({
    resolver: zodResolver(NewGroup),
    defaultValues: { name: '' },
  });
  const fieldError = form.formState.errors.name?.message;

  const handleSubmit = form.handleSubmit(({ name }) => {
    if (create.isPending) return;
    create.mutate(
      { name },
      {
        onSuccess: (group) => {
          showToast({ message: t('groups.created', { name: group.Name }) });
          form.reset();
          form.setFocus('name');
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.body?.issues?.[0] : undefined;
          if (issue !== undefined)
            form.setError('name', { message: issue.key }, { shouldFocus: true });
          else showToast({ message: t('dialogs.savingFailed'), variant: 'danger' });
        },
      },
    );
  });

  return (
    <Form noValidate className="mb-4" onSubmit={(event) => void handleSubmit(event)}>
      <Form.Label htmlFor={inputId}>{t('groups.newGroupName')}</Form.Label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        {/* The message stays under its field, above the button, when the button wraps (phones). */}
        <div className="flex-grow-1" style={{ maxWidth: '32rem' }}>
          <Form.Control
            id={inputId}
            type="text"
            aria-required="true"
            isInvalid={fieldError !== undefined}
            aria-invalid={fieldError !== undefined || undefined}
            aria-describedby={fieldError === undefined ? undefined : errorId}
            {...form.register('name')}
          />
          {fieldError !== undefined && (
            <div id={errorId} className="invalid-feedback d-block" role="alert">
              {t(groupMessageKey(fieldError), { n: limits.groupNameMaxLength })}
            </div>
          )}
        </div>
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
        <Button type="submit" aria-busy={create.isPending}>
          {t('groups.create')}
        </Button>
      </div>
    </Form>
  );
}
