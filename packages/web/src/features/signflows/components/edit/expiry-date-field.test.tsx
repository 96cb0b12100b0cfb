import { validationKeys } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../../../lib/i18n.ts';
import { ExpiryDateField } from './expiry-date-field.tsx';
import { toFieldError } from './signflow-edit-issues.ts';
import { newFormValues, type SignFlowFormValues } from './signflow-edit-values.ts';

beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

function Field({ errors }: { errors?: FieldErrors<SignFlowFormValues> }) {
  const form = useForm<SignFlowFormValues>({
    defaultValues: newFormValues('en', '2026-12-28'),
    errors,
  });
  return (
    <FormProvider {...form}>
      <ExpiryDateField />
    </FormProvider>
  );
}

function render(errors?: FieldErrors<SignFlowFormValues>) {
  const client = new QueryClient();
  client.setQueryData(commonConfigQueryOptions().queryKey, {
    ...defaultCommonConfig('https://portal.example.org'),
    TimeZone: 'Europe/Helsinki',
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Field errors={errors} />
    </QueryClientProvider>,
  );
}

describe('the deadline field of the edit form', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('shows the date in the user’s language under its label', async () => {
    await i18n.changeLanguage('en');
    const english = render();
    expect(english).toContain('Sign by');
    expect(english).toContain('value="28 Dec 2026"');
    await i18n.changeLanguage('fi');
    const finnish = render();
    expect(finnish).toContain('Allekirjoitettava viimeistään');
    expect(finnish).toContain('value="28.12.2026"');
    await i18n.changeLanguage('sv');
    expect(render()).toContain('value="2026-12-28"');
  });

  it('shows the server’s refusal under the field, with the maximum in days', async () => {
    await i18n.changeLanguage('en');
    const issue = { path: 'ExpiryDate', key: validationKeys.expiryDateTooLate, params: { n: 365 } };
    const html = render({ ExpiryDate: toFieldError(issue) });
    expect(html).toContain('The date can be at most 365 days from today');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('signflow-ExpiryDate-error');
  });
});
