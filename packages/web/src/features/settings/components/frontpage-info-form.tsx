import { FrontpageInfoText, limits } from '@esign/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useSaveFrontpageInfo } from '../api/save-frontpage-info.ts';
import { FrontpageInfoPreview } from './frontpage-info-preview.tsx';
import { TextEditorHelp } from './text-editor-help.tsx';

const FrontpageInfoForm = z.object({ text: FrontpageInfoText });
type FrontpageInfoForm = z.infer<typeof FrontpageInfoForm>;

/** The text area with its help, length count and live preview; Save stores it for the front page. */
export function FrontpageInfoEditorForm({ savedText }: { savedText: string }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const ids = { text: useId(), count: useId(), error: useId() };
  const save = useSaveFrontpageInfo();
  const form = useForm<FrontpageInfoForm>({
    resolver: zodResolver(FrontpageInfoForm),
    mode: 'onChange',
    defaultValues: { text: savedText },
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const tooLong = form.formState.errors.text !== undefined;

  const handleSubmit = form.handleSubmit(({ text: saved }) => {
    if (save.isPending) return;
    save.mutate(saved, {
      onSuccess: () => {
        form.reset({ text: saved });
        showToast({ message: t('dialogs.saved') });
      },
      onError: () => showToast({ message: t('dialogs.savingFailed'), variant: 'danger' }),
    });
  });

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <Form.Label htmlFor={ids.text} className="mb-0">
          {t('settings.frontpageInfo.label')}
        </Form.Label>
        <TextEditorHelp />
      </div>
      <Form.Control
        as="textarea"
        id={ids.text}
        rows={10}
        isInvalid={tooLong}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${ids.error} ${ids.count}` : ids.count}
        data-testid="frontpage-info-text"
        {...form.register('text')}
      />
      {tooLong && (
        <div id={ids.error} className="invalid-feedback d-block" role="alert">
          {t('validation.maxLength', { n: limits.frontpageInfoMaxLength })}
        </div>
      )}
      <div id={ids.count} className="form-text">
        {t('settings.frontpageInfo.characters', {
          used: text.length,
          max: limits.frontpageInfoMaxLength,
        })}
      </div>
      {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
      <Button type="submit" className="mt-3" aria-busy={save.isPending}>
        {t('settings.frontpageInfo.save')}
      </Button>
      <FrontpageInfoPreview text={text} />
    </Form>
  );
}
